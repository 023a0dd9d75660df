import type { Readable } from 'node:stream';
import { IMAGE_MAX_PIXELS } from '../../http/content-check';
import { loadSharp } from '../../platform/heavy-modules';

/**
 * Images shown inline (the viewer, an attachment's preview) are capped in pixels (issue 28 item
 * 8): a larger one — up to the 268 MP an upload may have — is served as a downscaled JPEG
 * rendition, so a 256-megapixel PNG cannot make the other company's browser decode a gigabyte.
 * The original stays untouched for the explicit download.
 */
export const INLINE_IMAGE_MAX_PIXELS = 40_000_000;
/** The rendition fits in this square (≤ 16.8 MP), keeping the aspect ratio. */
export const INLINE_RENDITION_MAX_SIDE = 4096;
/** Enough of a PNG, JPEG or TIFF to read its dimensions. */
export const IMAGE_HEADER_BYTES = 256 * 1024;

/** The pixels of the first image its header describes; null when it cannot be read. */
export async function pixelsOf(header: Buffer): Promise<number | null> {
  const sharp = await loadSharp();
  try {
    const meta = await sharp(header, { failOn: 'none', limitInputPixels: false }).metadata();
    return meta.width && meta.height ? meta.width * meta.height : null;
  } catch {
    return null;
  }
}

/** The downscaled rendition, decoded as a stream (libvips reads the original sequentially). */
export async function inlineRendition(original: Readable): Promise<Buffer> {
  const sharp = await loadSharp();
  const pipeline = sharp({ limitInputPixels: IMAGE_MAX_PIXELS, sequentialRead: true, page: 0 })
    .autoOrient()
    .resize({
      width: INLINE_RENDITION_MAX_SIDE,
      height: INLINE_RENDITION_MAX_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 85 });
  original.pipe(pipeline);
  return pipeline.toBuffer();
}
