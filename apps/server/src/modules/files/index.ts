// The public surface of this module (docs/architecture.md): what the app and other modules use.

export { filesRoutes } from './files.routes';
export { readUploadedFile } from './uploaded-file.http';
export {
  contentDisposition,
  findUpload,
  findUploadViews,
  keepUpload,
  keepUploads,
  readUploadBytes,
  type UploadType,
  type UploadView,
} from './uploads.service';
