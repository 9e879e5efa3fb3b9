// @peculiar/x509 builds on tsyringe, which needs the Reflect metadata API loaded first.
import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';

// A self-signed certificate for the local fakes that speak TLS (the EPP registry fake): the
// client under test trusts it by passing it as its CA, as an operator passes a registry's CA.

// Node's WebCrypto is the one the certificate is made with.
x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[1]);

export interface SelfSignedPair {
  cert: string;
  key: string;
}

export async function selfSignedCertificate(commonName = 'localhost'): Promise<SelfSignedPair> {
  const algorithm = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
  const keys = (await webcrypto.subtle.generateKey(algorithm, true, [
    'sign',
    'verify',
  ])) as webcrypto.CryptoKeyPair;
  const now = Date.now();
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: Buffer.from(webcrypto.getRandomValues(new Uint8Array(8))).toString('hex'),
    name: `CN=${commonName}`,
    notBefore: new Date(now - 60_000),
    notAfter: new Date(now + 86_400_000),
    signingAlgorithm: algorithm,
    // x509's own key type is the DOM's; Node's is the same object under another name.
    keys: keys as unknown as Parameters<
      typeof x509.X509CertificateGenerator.createSelfSigned
    >[0]['keys'],
    extensions: [
      new x509.BasicConstraintsExtension(true, undefined, true),
      new x509.KeyUsagesExtension(
        x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyCertSign,
        true,
      ),
      new x509.SubjectAlternativeNameExtension([
        { type: 'dns', value: commonName },
        { type: 'ip', value: '127.0.0.1' },
      ]),
    ],
  });
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey));
  const key = `-----BEGIN PRIVATE KEY-----\n${pkcs8
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .trim()}\n-----END PRIVATE KEY-----\n`;
  return { cert: certificate.toString('pem'), key };
}
