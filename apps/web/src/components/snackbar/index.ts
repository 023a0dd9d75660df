export { SnackbarProvider } from './snackbar-provider';
export { createSnackbarStore, type SnackbarStore, type SnackbarSeverity } from './snackbar-store';
export { useSnackbar, type SnackbarApi } from './use-snackbar';
