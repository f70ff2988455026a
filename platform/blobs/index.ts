export type { BlobStore } from './blob-store';
export { LocalFolderBlobStore, MemoryBlobStore, assertBlobKey, blobStoreFromEnv, idvThemeAssetKey } from './blob-store';
export type { ImageInfo } from './image-info';
export { sniffImage } from './image-info';
