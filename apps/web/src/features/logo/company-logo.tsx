import Box from '@mui/material/Box';
import { LOGO_HEIGHT, LOGO_WIDTH } from '@flowline/shared';
import { useCompanyLogo } from './api';

/**
 * A company's uploaded logo (250×50 PNG), or nothing when it has none or it cannot be loaded:
 * the company name next to it already says whose it is.
 */
export function CompanyLogo({
  companyId,
  companyName,
  height = 40,
}: {
  companyId: number;
  companyName: string;
  height?: number;
}) {
  const { data } = useCompanyLogo(companyId);
  if (!data) return null;
  return (
    <Box
      component="img"
      src={data}
      alt={`${companyName} logo`}
      sx={{
        height,
        width: (height * LOGO_WIDTH) / LOGO_HEIGHT,
        objectFit: 'contain',
        flexShrink: 0,
      }}
    />
  );
}
