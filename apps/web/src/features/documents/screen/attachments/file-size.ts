const units = ['bytes', 'KB', 'MB', 'GB'] as const;

/** 2048 → '2 KB', 1572864 → '1.5 MB'. */
export function formatFileSize(bytes: number): string {
  let size = bytes;
  let unit = 0;
  while (size >= 1024 && unit < units.length - 1) {
    size /= 1024;
    unit += 1;
  }
  const rounded = unit === 0 ? String(size) : String(Math.round(size * 10) / 10);
  return `${rounded} ${units[unit]}`;
}
