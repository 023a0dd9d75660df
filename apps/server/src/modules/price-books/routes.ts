import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  describeRowError,
  zIdParam,
  zPriceBook,
  zPriceBookImportRefusal,
  zPriceBookImportResult,
  zPriceBookItemPage,
  zPriceBookItemsQuery,
  zPriceBookSuggestion,
  zPriceBookTypeaheadQuery,
  zPriceBookVersion,
  zSpreadsheetFormat,
} from '@flowline/shared';
import { requireTenant } from '../../auth/request-context';
import type { ApiModule } from '../types';
import { contentTypes, exportItems, priceBookTemplate } from './export';
import * as service from './service';
import { receivePriceBookUpload } from './upload-reader';

/** Price books between connected companies (issue 32 item 1; docs/price-books.md). */
export const priceBooksRoutes: ApiModule = async (app, { db }) => {
  await app.register(multipart, { throwFileSizeLimit: true });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['price books'];
  const formatQuery = z.object({ format: zSpreadsheetFormat });

  api.get(
    '/pricebooks',
    {
      schema: {
        tags,
        summary: 'The price books the company publishes and the ones published to it',
        response: { 200: z.array(zPriceBook) },
      },
    },
    async (req) => service.listPriceBooks(db, requireTenant(req)),
  );

  api.get(
    '/pricebooks/template',
    {
      schema: {
        tags,
        summary: 'The import template (CSV or XLSX) with example rows',
        querystring: formatQuery,
        produces: [contentTypes.csv, contentTypes.xlsx],
      },
    },
    async (req, reply) => {
      const { format } = req.query;
      return reply
        .header('content-type', contentTypes[format])
        .header('content-disposition', `attachment; filename="price-book-template.${format}"`)
        .send(await priceBookTemplate(format));
    },
  );

  api.post(
    '/pricebooks/import',
    {
      schema: {
        tags,
        summary:
          'Publishes a new price book version to a connection: multipart `options` (JSON) + `file` (CSV or XLSX)',
        consumes: ['multipart/form-data'],
        response: { 201: zPriceBookImportResult, 400: zPriceBookImportRefusal },
      },
    },
    async (req, reply) => {
      const ctx = requireTenant(req);
      const { options, file } = await receivePriceBookUpload(req);
      const outcome = await service.importPriceBook(db, ctx, options, file);
      if (outcome.ok) return reply.status(201).send(outcome.result);
      const shown = outcome.rows.slice(0, 3).map(describeRowError).join('; ');
      const more = outcome.rows.length > 3 ? ` and ${outcome.rows.length - 3} more` : '';
      return reply.status(400).send({
        error: {
          message: `${outcome.rows.length === 1 ? '1 row is' : `${outcome.rows.length} rows are`} not valid; nothing was imported. ${shown}${more}`,
          code: 'price_book_rows_invalid',
          rows: outcome.rows,
        },
      });
    },
  );

  api.get(
    '/pricebooks/typeahead',
    {
      schema: {
        tags,
        summary:
          'Price book items for a line typed for a connection, by code or description, at the versions in force on the date',
        querystring: zPriceBookTypeaheadQuery,
        response: { 200: z.array(zPriceBookSuggestion) },
      },
    },
    async (req) => service.typeahead(db, requireTenant(req), req.query),
  );

  api.get(
    '/pricebooks/:id/versions',
    {
      schema: {
        tags,
        summary: "A price book's versions, newest first, with current / scheduled / past",
        params: z.object({ id: zIdParam }),
        response: { 200: z.array(zPriceBookVersion) },
      },
    },
    async (req) => service.listVersions(db, requireTenant(req), req.params.id),
  );

  api.get(
    '/pricebooks/versions/:id/items',
    {
      schema: {
        tags,
        summary: "One page of a version's items in file order, filtered by code or description",
        params: z.object({ id: zIdParam }),
        querystring: zPriceBookItemsQuery,
        response: { 200: zPriceBookItemPage },
      },
    },
    async (req) => service.listItems(db, requireTenant(req), req.params.id, req.query),
  );

  api.get(
    '/pricebooks/versions/:id/export',
    {
      schema: {
        tags,
        summary: "A version's items as CSV or XLSX (the import's columns; cells escaped)",
        params: z.object({ id: zIdParam }),
        querystring: formatQuery,
        produces: [contentTypes.csv, contentTypes.xlsx],
      },
    },
    async (req, reply) => {
      const { version, items } = await service.versionItems(db, requireTenant(req), req.params.id);
      const { format } = req.query;
      return reply
        .header('content-type', contentTypes[format])
        .header(
          'content-disposition',
          `attachment; filename="price-book-v${version.versionNumber}.${format}"`,
        )
        .send(await exportItems(items, format));
    },
  );
};
