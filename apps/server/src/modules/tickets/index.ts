// The public surface of this module (docs/architecture.md): what other modules may use.

export { ticketMessages, tickets } from './schema';
export { readUploadedFile } from './uploaded-file';
