import { describe, expect, it } from 'vitest';
import { attachmentViewerSource } from './viewer-source';

describe('attachmentViewerSource', () => {
  it('previews PDFs and images with inline=true, so the history says Viewed (issue 11 item 12)', () => {
    expect(
      attachmentViewerSource({ id: 9, contentType: 'application/pdf', fileName: 'a.pdf' }),
    ).toEqual({ path: '/download/attachment/9?inline=true', kind: 'pdf', title: 'a.pdf' });
    expect(
      attachmentViewerSource({ id: 3, contentType: 'image/png', fileName: 'p.png' })?.kind,
    ).toBe('image');
  });

  it('does not preview office files (issue 11 item 21)', () => {
    for (const contentType of [
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/msword',
      'text/csv',
    ]) {
      expect(attachmentViewerSource({ id: 1, contentType, fileName: 'f' })).toBeNull();
    }
  });
});
