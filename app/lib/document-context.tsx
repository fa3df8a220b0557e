/**
 * Per-response values the document needs while it renders on the server: the CSP nonce for React
 * Router's inline scripts and the request id shown on the error page
 * (docs/decisions/038-security-headers.md). app/entry.server.tsx provides them; in the browser
 * they are absent, and the error page reads the id back from the server's markup.
 */
import { createContext, useContext, useState } from 'react';

export type DocumentValues = { nonce?: string; requestId?: string };

export const DocumentContext = createContext<DocumentValues>({});

/** The CSP nonce of this server response (undefined in the browser and for cached pages). */
export function useNonce(): string | undefined {
  return useContext(DocumentContext).nonce;
}

/** The element id under which the error page prints the request id. */
export const REQUEST_ID_ELEMENT = 'request-id';

/**
 * The id of the request that rendered this page: from the server's context while rendering there,
 * then (hydrating the same markup) from the element the server printed it in.
 */
export function useRequestId(): string | undefined {
  const fromServer = useContext(DocumentContext).requestId;
  const [id] = useState(
    () => fromServer ?? (typeof document === 'undefined' ? undefined : (document.getElementById(REQUEST_ID_ELEMENT)?.textContent ?? undefined)),
  );
  return id;
}
