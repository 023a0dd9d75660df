import { loadSharp } from '../../platform/heavy-modules';
import { LOGO_HEIGHT, LOGO_WIDTH, logoMessages, type LogoUploadResult } from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import { assertAdministrator } from '../../auth/policy';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { recordAdminChange } from '../admin-audit/record';
import * as repo from './repository';

/** Formats we accept by content (never by name or the browser's Content-Type). */
const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'gif', 'webp']);
// A 5 MB file can still claim billions of pixels (a decompression bomb); real logos are far below.
const MAX_INPUT_PIXELS = 40_000_000;

const notAnImage = () => new AppError(415, 'unsupported_file_type', logoMessages.notAnImage);
const logoNotFound = () => notFound('This company has no logo', 'logo_not_found');

export interface ReceivedLogo {
  fileName: string;
  bytes: Buffer;
}

/**
 * POST /companyImage/upload: the role is checked before the file is read; the image is then
 * fitted into 250×50 (aspect kept, transparent margins) and stored as PNG in the database.
 */
export async function uploadLogo(
  db: Db,
  ctx: TenantContext,
  receive: () => Promise<ReceivedLogo>,
): Promise<LogoUploadResult> {
  assertAdministrator(ctx);
  const { fileName, bytes } = await receive();
  const image = await resizeLogo(bytes);
  const row = await db.transaction(async (tx) => {
    const old = await repo.findLogoFileName(tx, ctx.companyId);
    const saved = await repo.upsertLogo(tx, ctx.companyId, {
      image,
      contentType: 'image/png',
      originalFileName: fileName,
    });
    await recordAdminChange(tx, ctx, {
      action: 'company.logo_changed',
      entityType: 'logo',
      entityId: ctx.companyId,
      summary: `Uploaded a new logo (${fileName})`,
      changes: [{ field: 'logo', old, new: fileName }],
    });
    return saved;
  });
  return { companyId: row.companyId, updatedAt: row.updatedAt.toISOString() };
}

export async function removeLogo(db: Db, ctx: TenantContext): Promise<void> {
  assertAdministrator(ctx);
  await db.transaction(async (tx) => {
    const old = await repo.findLogoFileName(tx, ctx.companyId);
    await repo.deleteLogo(tx, ctx.companyId);
    if (old === null) return;
    await recordAdminChange(tx, ctx, {
      action: 'company.logo_removed',
      entityType: 'logo',
      entityId: ctx.companyId,
      summary: 'Removed the logo',
      changes: [{ field: 'logo', old, new: null }],
    });
  });
}

/**
 * Any member may see the selected company's logo and the logos of the companies it is connected
 * to; every other company's logo is a 404, exactly like a missing one.
 */
export async function getLogo(db: Db, ctx: TenantContext, companyId: number) {
  const visible =
    companyId === ctx.companyId || (await repo.isConnectedTo(db, ctx.companyId, companyId));
  if (!visible) throw logoNotFound();
  const row = await repo.unsafeFindLogo(db, companyId);
  // A visible company without a logo is normal, not an error (the shell asks on every page).
  if (!row) return null;
  return {
    image: row.image,
    contentType: row.contentType,
    etag: `"logo-${row.companyId}-${row.updatedAt.getTime()}"`,
  };
}

export async function resizeLogo(bytes: Buffer): Promise<Buffer> {
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' } as const;
  const sharp = await loadSharp();
  let format: string | undefined;
  try {
    format = (await sharp(bytes, options).metadata()).format;
  } catch {
    throw notAnImage();
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw notAnImage();
  try {
    return await sharp(bytes, options)
      .rotate() // honour EXIF orientation before fitting
      .resize(LOGO_WIDTH, LOGO_HEIGHT, {
        fit: 'contain',
        background: { r: 0, g: 0, b: 0, alpha: 0 },
      })
      .png()
      .toBuffer();
  } catch {
    // Recognised header but undecodable body (truncated or corrupt file).
    throw notAnImage();
  }
}
