import { PRODUCT_NAME } from '@flowline/shared';

/** What every template returns; notification mails add the List-Unsubscribe header. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

/**
 * The content of a mail as blocks, rendered once as plain text and once as HTML so that both
 * parts always carry the same content.
 */
export type MailBlock =
  | { kind: 'paragraph'; text: string }
  /** Label/value pairs, e.g. the e-mail and temporary password. */
  | { kind: 'details'; rows: [label: string, value: string][] }
  /** Someone else's words, e.g. the invitation message. */
  | { kind: 'quote'; label: string; text: string }
  | { kind: 'action'; label: string; url: string }
  /** Several buttons side by side (Approve / Reject / Open); each link also in words. */
  | { kind: 'buttons'; items: { label: string; url: string; primary?: boolean }[] }
  /** A list of linked lines. */
  | { kind: 'links'; items: { text: string; url: string }[] }
  /** Linked events, each with its sentence and detail rows: the items of a digest. */
  | { kind: 'events'; items: MailEvent[] };

export interface MailEvent {
  text: string;
  url: string;
  message?: string | null;
  details: [label: string, value: string][];
}

export type MailFooter =
  | { kind: 'unsubscribe'; url: string }
  /** A transactional mail has no unsubscribe link; the footer says why it was sent. */
  | { kind: 'transactional'; reason: string };

export interface MailContent {
  subject: string;
  /** Shown by mail clients next to the subject; not visible in the body. */
  preheader: string;
  heading: string;
  firstName?: string | null;
  blocks: MailBlock[];
  footer: MailFooter;
}

const TEAL = '#0B5563';
const AMBER = '#E39B2D';
const INK = '#1F2933';
const MUTED = '#52606D';
const FONT = "font-family:Arial,'Helvetica Neue',Helvetica,sans-serif";

/** Escapes a value for HTML text and attribute (double- or single-quoted) positions. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function unsubscribeUrl(publicUrl: string): string {
  return `${publicUrl}/profile/unsubscribe`;
}

/**
 * RFC 2369 List-Unsubscribe. No List-Unsubscribe-Post (RFC 8058 one-click): the unsubscribe page
 * is a signed-in SPA page, not an unauthenticated POST endpoint.
 */
export function listUnsubscribeHeaders(publicUrl: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${unsubscribeUrl(publicUrl)}>` };
}

const greeting = (firstName?: string | null) =>
  firstName?.trim() ? `Hello ${firstName.trim()},` : 'Hello,';

const footerText = (footer: MailFooter) =>
  footer.kind === 'unsubscribe'
    ? `You receive this e-mail because e-mail notifications are on in your ${PRODUCT_NAME} profile. Unsubscribe: ${footer.url}`
    : footer.reason;

function blockText(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return block.text;
    case 'details':
      return block.rows.map(([label, value]) => `  ${label}: ${value}`).join('\n');
    case 'quote':
      return `${block.label}\n${block.text
        .split('\n')
        .map((line) => `> ${line}`)
        .join('\n')}`;
    case 'action':
      return `${block.label}: ${block.url}`;
    case 'buttons':
      return block.items.map((i) => `${i.label}: ${i.url}`).join('\n');
    case 'links':
      return block.items.map((i) => `- ${i.text}: ${i.url}`).join('\n');
    case 'events':
      return block.items
        .map((i) =>
          [
            `- ${i.text}: ${i.url}`,
            ...(i.message ? [`  ${i.message}`] : []),
            ...i.details.map(([label, value]) => `  ${label}: ${value}`),
          ].join('\n'),
        )
        .join('\n\n');
  }
}

export function renderText(content: MailContent): string {
  return [
    greeting(content.firstName),
    ...content.blocks.map(blockText),
    `The ${PRODUCT_NAME} team`,
    '--',
    footerText(content.footer),
  ].join('\n\n');
}

const paragraph = (html: string) =>
  `<p style="margin:0 0 16px;${FONT};font-size:16px;line-height:24px;color:${INK};">${html}</p>`;

function blockHtml(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return paragraph(escapeHtml(block.text));
    case 'details':
      return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px;">${block.rows
        .map(
          ([label, value]) =>
            `<tr><td style="padding:4px 16px 4px 0;${FONT};font-size:16px;color:${MUTED};">${escapeHtml(label)}:</td><td style="padding:4px 0;font-family:Consolas,'Courier New',monospace;font-size:16px;color:${INK};">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`;
    case 'quote':
      return `${paragraph(escapeHtml(block.label))}<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid ${AMBER};${FONT};font-size:16px;line-height:24px;color:${INK};white-space:pre-line;">${escapeHtml(block.text)}</blockquote>`;
    case 'links':
      return `<ul style="margin:0 0 16px;padding-left:20px;">${block.items
        .map(
          (i) =>
            `<li style="margin:0 0 8px;${FONT};font-size:16px;line-height:24px;color:${INK};"><a href="${escapeHtml(i.url)}" style="color:${TEAL};">${escapeHtml(i.text)}</a></li>`,
        )
        .join('')}</ul>`;
    case 'events':
      return `<ul style="margin:0 0 16px;padding-left:20px;">${block.items
        .map(
          (i) =>
            `<li style="margin:0 0 16px;${FONT};font-size:16px;line-height:24px;color:${INK};"><a href="${escapeHtml(i.url)}" style="color:${TEAL};">${escapeHtml(i.text)}</a>${
              i.message
                ? `<div style="${FONT};font-size:15px;line-height:22px;color:${INK};">${escapeHtml(i.message)}</div>`
                : ''
            }${i.details
              .map(
                ([label, value]) =>
                  `<div style="${FONT};font-size:15px;line-height:22px;color:${MUTED};">${escapeHtml(label)}: <span style="color:${INK};">${escapeHtml(value)}</span></div>`,
              )
              .join('')}</li>`,
        )
        .join('')}</ul>`;
    case 'buttons':
      return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 8px;"><tr><td>${block.items
        .map(buttonLink)
        .join('')}</td></tr></table>${paragraph(
        `<span style="font-size:14px;color:${MUTED};">Or open these links:</span>`,
      )}<ul style="margin:-8px 0 16px;padding-left:20px;">${block.items
        .map(
          (i) =>
            `<li style="margin:0 0 4px;${FONT};font-size:14px;line-height:20px;color:${MUTED};">${escapeHtml(i.label)}: <a href="${escapeHtml(i.url)}" style="color:${TEAL};word-break:break-all;">${escapeHtml(i.url)}</a></li>`,
        )
        .join('')}</ul>`;
    case 'action':
      return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;"><tr><td style="border-radius:4px;background:${AMBER};"><a href="${escapeHtml(block.url)}" style="display:inline-block;padding:12px 24px;${FONT};font-size:16px;font-weight:bold;color:${INK};text-decoration:none;">${escapeHtml(block.label)}</a></td></tr></table>${paragraph(`<span style="font-size:14px;color:${MUTED};">Or open this link: <a href="${escapeHtml(block.url)}" style="color:${TEAL};">${escapeHtml(block.url)}</a></span>`)}`;
  }
}

/**
 * One button of a row: amber for the main action, outlined for the others. Inline blocks in one
 * cell, so a narrow screen wraps them instead of scrolling sideways.
 */
function buttonLink(item: { label: string; url: string; primary?: boolean }): string {
  const style = item.primary
    ? `background:${AMBER};border:2px solid ${AMBER};color:${INK};`
    : `background:#FFFFFF;border:2px solid ${TEAL};color:${TEAL};`;
  return `<a href="${escapeHtml(item.url)}" style="display:inline-block;margin:0 8px 8px 0;padding:10px 20px;border-radius:4px;${style}${FONT};font-size:16px;font-weight:bold;text-decoration:none;">${escapeHtml(item.label)}</a>`;
}

function footerHtml(footer: MailFooter): string {
  if (footer.kind === 'transactional') return escapeHtml(footer.reason);
  const url = escapeHtml(footer.url);
  return `You receive this e-mail because e-mail notifications are on in your ${PRODUCT_NAME} profile. <a href="${url}" style="color:${TEAL};">Unsubscribe</a> (${url})`;
}

/**
 * Table-based, inline-styled HTML that reads the same without images or CSS support: the brand is
 * a text wordmark, so there is nothing for alt texts to stand in for.
 */
export function renderHtml(content: MailContent): string {
  const title = escapeHtml(content.subject);
  return `<!doctype html>
<html lang="en" dir="ltr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light"><title>${title}</title></head>
<body style="margin:0;padding:0;background:#F4F6F8;">
<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(content.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#F4F6F8;"><tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background:#FFFFFF;border-radius:6px;">
<tr><td style="background:${TEAL};padding:20px 32px;border-radius:6px 6px 0 0;border-bottom:4px solid ${AMBER};"><span style="${FONT};font-size:24px;font-weight:bold;color:#FFFFFF;">${PRODUCT_NAME}</span></td></tr>
<tr><td style="padding:32px;">
<h1 style="margin:0 0 24px;${FONT};font-size:22px;line-height:28px;color:${TEAL};">${escapeHtml(content.heading)}</h1>
${paragraph(escapeHtml(greeting(content.firstName)))}
${content.blocks.map(blockHtml).join('\n')}
${paragraph(`The ${PRODUCT_NAME} team`)}
</td></tr>
<tr><td style="padding:16px 32px 24px;border-top:1px solid #D9E2EC;${FONT};font-size:13px;line-height:20px;color:${MUTED};">${footerHtml(content.footer)}</td></tr>
</table></td></tr></table>
</body></html>`;
}

export function renderMail(content: MailContent): Omit<RenderedMail, 'headers'> {
  return { subject: content.subject, text: renderText(content), html: renderHtml(content) };
}
