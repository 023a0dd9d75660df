import { z } from 'zod';

/** Company logo limits (spec 3 §5, §9): one file, 5 MB, a name of at most 175 characters. */
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
export const LOGO_MAX_FILE_NAME_LENGTH = 175;
/** Every stored logo is a PNG of exactly this size (spec 3 §9: resized to 250×50). */
export const LOGO_WIDTH = 250;
export const LOGO_HEIGHT = 50;
/** What the file picker offers; the server checks the content, not the name. */
export const LOGO_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

export const logoMessages = {
  resizeNote: 'The logo will be resized to 250px wide and 50px tall.',
  dropZone: 'Choose a file or drag it here',
  fileNameTooLong: 'The file name is too long.',
  tooLarge: 'The file is too large. The maximum size is 5 MB.',
  notAnImage: 'Please choose an image file (PNG, JPEG, GIF or WebP).',
  oneFile: 'Please choose one file.',
  uploaded: 'Logo uploaded',
  removed: 'Logo removed',
} as const;

/**
 * The checks both sides make before any byte is read (the server again, authoritatively):
 * null when the file may be uploaded, else the message to show.
 */
export function logoFileProblem(file: { name: string; size: number }): string | null {
  if (file.name.length > LOGO_MAX_FILE_NAME_LENGTH) return logoMessages.fileNameTooLong;
  if (file.size > LOGO_MAX_BYTES) return logoMessages.tooLarge;
  return null;
}

export const zLogoUploadResult = z.object({
  companyId: z.number().int(),
  updatedAt: z.string(),
});
export type LogoUploadResult = z.infer<typeof zLogoUploadResult>;
