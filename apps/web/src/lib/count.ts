import { z } from 'zod';
import { apiRequest } from './api-client';
import { isApiError } from './api-error';

const zCount = z.object({ count: z.number().int().min(0) });

/**
 * A badge count from an endpoint the server may not have yet: 404 reads as zero without a
 * message; other failures are real errors.
 */
export async function getCountTolerating404(path: string): Promise<number> {
  try {
    return (await apiRequest(path, { schema: zCount })).count;
  } catch (error) {
    if (isApiError(error, 404)) return 0;
    throw error;
  }
}
