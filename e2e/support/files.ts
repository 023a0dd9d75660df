import type { Page } from '@playwright/test';

/** Drops a file on a drop zone the way a browser does: a drop event carrying a DataTransfer. */
export async function dropFile(
  page: Page,
  zoneName: string,
  fileName: string,
  bytes: Buffer,
  type = 'application/pdf',
) {
  const dataTransfer = await page.evaluateHandle(
    ({ base64, fileName, type }) => {
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], fileName, { type }));
      return transfer;
    },
    { base64: bytes.toString('base64'), fileName, type },
  );
  const zone = page.getByRole('button', { name: zoneName });
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}
