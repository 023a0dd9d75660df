import { createContext, useContext } from 'react';

/**
 * Click-to-fill (spec 1 §4): the metadata field that last had the focus receives the text the
 * user selects on a page of the viewer. Fields report their focus here; the screen fills.
 */
export interface ClickToFill {
  /** A field got the focus (null: it is not fillable, e.g. read-only). */
  setActiveField(name: string | null): void;
}

export const ClickToFillContext = createContext<ClickToFill | null>(null);

export function useClickToFill(): ClickToFill | null {
  return useContext(ClickToFillContext);
}
