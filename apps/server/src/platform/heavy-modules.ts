/**
 * Packages that only some requests need, loaded on first use instead of at start: each costs
 * several MB of memory for as long as the process lives (issue 16 item 3, bench/README.md "Start
 * and memory"). Import their types with `import type`; get the code through these loaders.
 */
const once = <T>(load: () => Promise<T>) => {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
};

/** sharp (libvips): image metadata, decoding and resizing. */
export const loadSharp = once(async () => (await import('sharp')).default);

/** node-forge: the signing certificate (generated once, then read when a document is signed). */
export const loadForge = once(async () => (await import('node-forge')).default);

/** nodemailer: only when mail goes out over SMTP (the embedded default keeps it in the database). */
export const loadNodemailer = once(async () => (await import('nodemailer')).default);

/** mailparser (and the nodemailer code it uses): only when an inbound e-mail arrives. */
export const loadMailParser = once(async () => (await import('mailparser')).MailParser);

/** smtp-server: only when the inbound e-mail listener starts (INBOUND_SMTP_PORT). */
export const loadSmtpServer = once(async () => (await import('smtp-server')).SMTPServer);

/** pdf-lib: reading, writing and stamping PDFs. */
export const loadPdfLib = once(() => import('pdf-lib'));

/** @signpdf: the PKCS#7 signature of returned division orders (pulls pdf-lib in too). */
export const loadSignPdf = once(async () => {
  const [signpdfModule, placeholder, signer] = await Promise.all([
    import('@signpdf/signpdf'),
    import('@signpdf/placeholder-pdf-lib'),
    import('@signpdf/signer-p12'),
  ]);
  // CommonJS interop: the instance is the module's default, or its default's default.
  const root = signpdfModule.default as unknown as { default?: typeof signpdfModule.default };
  return {
    signpdf: root.default ?? signpdfModule.default,
    pdflibAddPlaceholder: placeholder.pdflibAddPlaceholder,
    P12Signer: signer.P12Signer,
  };
});

/** archiver: the zips of selected documents (signed division orders, a bulk download). */
export const loadArchiver = once(async () => (await import('archiver')).default);
