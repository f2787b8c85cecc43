import { createContext, useContext } from "react";

const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

/** The CSP nonce of the current response on the server; undefined in the browser. */
export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
