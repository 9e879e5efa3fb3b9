import { RegistrarError } from './registrar-driver';

// EPP over TCP (RFC 5734 §4): every EPP data unit is preceded by a 4-byte header holding the
// length of the whole unit in network byte order, the header's own 4 bytes included.

const HEADER_BYTES = 4;
/** A unit past this is not an EPP answer we will hold in memory: the session is broken. */
export const EPP_MAX_FRAME_BYTES = 4 * 1024 * 1024;

/** One XML document as a data unit. */
export function encodeEppFrame(xml: string): Buffer {
  const body = Buffer.from(xml, 'utf8');
  const frame = Buffer.allocUnsafe(HEADER_BYTES + body.length);
  frame.writeUInt32BE(HEADER_BYTES + body.length, 0);
  body.copy(frame, HEADER_BYTES);
  return frame;
}

/** Takes bytes as they come off the socket and answers the whole data units among them. */
export class EppFrameReader {
  private pending: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): string[] {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const frames: string[] = [];
    while (this.pending.length >= HEADER_BYTES) {
      const total = this.pending.readUInt32BE(0);
      if (total < HEADER_BYTES || total > EPP_MAX_FRAME_BYTES) {
        throw new RegistrarError('protocol', `an EPP data unit of ${total} bytes`);
      }
      if (this.pending.length < total) break;
      frames.push(this.pending.subarray(HEADER_BYTES, total).toString('utf8'));
      this.pending = this.pending.subarray(total);
    }
    return frames;
  }
}
