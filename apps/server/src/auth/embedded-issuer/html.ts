/** Where the issuer is mounted; pages link their assets and forms below it. */
export const OIDC_MOUNT = '/oidc';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

export interface LayoutOptions {
  title: string;
  body: string;
  /** Extra elements for <head>, e.g. the logout script. */
  head?: string;
}

/** The branded page frame shared by every page of the issuer. No inline scripts: the CSP is script-src 'self'. */
export function layout({ title, body, head = '' }: LayoutOptions): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Flowline</title>
<link rel="stylesheet" href="${OIDC_MOUNT}/assets/login.css">
${head}
</head>
<body>
<main class="card" aria-labelledby="page-title">
<header class="brand">
<span class="brand-mark" aria-hidden="true"></span>
<div>
<div class="brand-name">Flowline</div>
<p class="tagline">The document exchange network for the oil-and-gas industry</p>
</div>
</header>
<h1 id="page-title">${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>`;
}

export function alert(message: string | null | undefined): string {
  return message ? `<p class="alert" role="alert" id="form-error">${escapeHtml(message)}</p>` : '';
}
