import { createContext } from 'react';
import type { SnackbarStore } from './snackbar-store';

export const SnackbarContext = createContext<SnackbarStore | null>(null);
