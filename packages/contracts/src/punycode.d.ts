// punycode.js (RFC 3492, IDNA's ToASCII/ToUnicode on whole names) ships without types.
declare module 'punycode.js' {
  const punycode: {
    toASCII(domain: string): string;
    toUnicode(domain: string): string;
    encode(input: string): string;
    decode(input: string): string;
  };
  export default punycode;
}
