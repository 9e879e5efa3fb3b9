import { CATALOG_IMAGE_UPLOAD_PATH, type uploadedCatalogImage } from '@vitrin/contracts';
import { type UploadOptions, uploadFile } from '../../../../lib/upload-file';

export type UploadedCatalogImage = ReturnType<typeof uploadedCatalogImage.parse>;

/** Uploads one catalog image (admins only) and answers the URL it is now served at. */
export function uploadCatalogImage(file: File, options: UploadOptions) {
  return uploadFile<UploadedCatalogImage>(CATALOG_IMAGE_UPLOAD_PATH, file, options);
}
