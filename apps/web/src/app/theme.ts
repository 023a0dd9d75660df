import { createTheme } from '@mui/material/styles';
import type {} from '@mui/x-data-grid/themeAugmentation';

const petrol = '#0B5563';
const amber = '#E39B2D';
/** Light amber keeps focus rings visible on the petrol app bar and drawer highlights. */
export const focusOnDark = '#FFD18A';

export const theme = createTheme({
  palette: {
    primary: { main: petrol, dark: '#073C46', light: '#3D7A86', contrastText: '#FFFFFF' },
    secondary: { main: amber, dark: '#B8761A', light: '#F0BC6B', contrastText: '#1F1400' },
    // Darker than MUI's defaults so filled alerts keep white text above 4.5:1.
    error: { main: '#C62828' },
    warning: { main: '#A35200' },
    info: { main: '#01579B' },
    success: { main: '#1B5E20' },
    background: { default: '#F3F5F7', paper: '#FFFFFF' },
    text: { primary: '#1B2830', secondary: '#4A5A64' },
    divider: '#DCE3E7',
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily:
      'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    fontSize: 14,
    h1: { fontSize: '1.75rem', fontWeight: 700, letterSpacing: '-0.01em' },
    h2: { fontSize: '1.375rem', fontWeight: 600 },
    h3: { fontSize: '1.125rem', fontWeight: 600 },
    // Labels keep the case they are written in ('Skip for now'); the spec's all-capitals 'TAKE ME TO
    // LOGO' reads as shouting and is written 'Take me to logo' (issue 27 item 29).
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        ':focus-visible': { outline: `2px solid ${petrol}`, outlineOffset: 2 },
      },
    },
    MuiButtonBase: {
      styleOverrides: {
        root: { '&.Mui-focusVisible': { outline: `2px solid ${petrol}`, outlineOffset: 2 } },
      },
    },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiAppBar: {
      defaultProps: { elevation: 0, color: 'primary' },
      styleOverrides: {
        root: {
          '& .Mui-focusVisible, & :focus-visible': { outlineColor: focusOnDark },
        },
      },
    },
    MuiPaper: {
      defaultProps: { elevation: 0 },
      styleOverrides: { outlined: { borderColor: '#DCE3E7' } },
    },
    MuiDataGrid: {
      styleOverrides: {
        root: {
          // The hidden menu button and the separator of the last column header stick out past
          // the grid's edge, so every grid scrolled sideways by a few pixels (issue 11): clip them.
          '& .MuiDataGrid-menuIcon': { overflow: 'hidden' },
          '& .MuiDataGrid-columnHeader--last .MuiDataGrid-columnSeparator': { display: 'none' },
        },
      },
    },
    MuiTable: { defaultProps: { size: 'small' } },
    MuiTableCell: { styleOverrides: { head: { fontWeight: 600, backgroundColor: '#EEF2F4' } } },
    MuiTextField: { defaultProps: { size: 'small' } },
    MuiListItemButton: {
      styleOverrides: {
        root: {
          borderRadius: 8,
          '&.Mui-selected': { backgroundColor: '#DDEBEE', color: petrol, fontWeight: 600 },
          '&.Mui-selected:hover': { backgroundColor: '#CFE2E6' },
        },
      },
    },
  },
});
