import { describe, expect, it } from 'vitest';
import { legalDocumentFileProblem } from '@flowline/shared';
import { ApiError } from '../../lib/api-error';
import { uploadFailure } from './upload-outcome';

const fail = (status: number, message = 'Server says no') => new ApiError(status, 'x', message);

describe('upload failures (spec 3 §8)', () => {
  it('shows the server message for a 500', () => {
    expect(uploadFailure(fail(500, 'Disk full'), false)).toEqual({
      severity: 'error',
      message: 'Disk full',
      backToList: false,
    });
  });

  it('warns and returns to the list for a 501', () => {
    expect(uploadFailure(fail(501), false)).toEqual({
      severity: 'warning',
      message: 'The file was uploaded but extract data failed.',
      backToList: true,
    });
  });

  it('uses the generic message otherwise, and the replace message when replacing', () => {
    expect(uploadFailure(fail(400), false).message).toBe(
      'Cannot upload this document, please contact support',
    );
    expect(uploadFailure(new Error('offline'), true).message).toBe(
      'Cannot upload the new document. Contant support.',
    );
  });

  it('says why a file was refused for its size or type', () => {
    expect(uploadFailure(fail(415, 'Please choose a PDF'), true).message).toBe(
      'Please choose a PDF',
    );
  });
});

describe('file checks before uploading', () => {
  it.each([
    ['w9.pdf', 1000, null],
    ['W9.PDF', 1000, null],
    ['cert.docx', 1000, null],
    ['scan.png', 1000, null],
    ['notes.txt', 1000, 'Please choose a PDF, Word (.doc, .docx) or PNG file.'],
    ['big.pdf', 25 * 1024 * 1024 + 1, 'The file is too large. The maximum size is 25 MB.'],
    [`${'x'.repeat(252)}.pdf`, 10, 'The file name is too long.'],
  ])('%s (%i bytes)', (name, size, problem) => {
    expect(legalDocumentFileProblem({ name, size })).toBe(problem);
  });
});
