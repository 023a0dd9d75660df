import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  DEFAULT_DATE_FORMAT,
  formatDate,
  formatDateTime,
  formatTime,
  type DateFormat,
  type DateInput,
} from '@flowline/shared';
import { personalizationQueryOptions } from './api';

export interface DateFormatter {
  dateFormat: DateFormat;
  /** '03/05/2024' in the user's format; '' for no date. */
  formatDate(value: DateInput): string;
  /** The date in the user's format and the time as 'hh:mm:ss A'. */
  formatDateTime(value: DateInput): string;
  formatTime(value: DateInput): string;
}

/**
 * Formats dates the way the signed-in user chose on My profile (MM/dd/yyyy until the preference
 * loads). Every screen formats dates through this hook.
 */
export function useDateFormatter(): DateFormatter {
  const { data } = useQuery({
    ...personalizationQueryOptions(),
    // Dates still show (in the default format) if the preference cannot be read.
    meta: { silent: true },
  });
  const dateFormat = data?.dateFormat ?? DEFAULT_DATE_FORMAT;
  return useMemo(
    () => ({
      dateFormat,
      formatDate: (value) => formatDate(value, dateFormat),
      formatDateTime: (value) => formatDateTime(value, dateFormat),
      formatTime,
    }),
    [dateFormat],
  );
}
