// What 'no half a write' means after the cluster bench killed an instance mid-request
// (bench/cluster.ts): every stored document has its file in the bucket, every sent document
// reached its receiver, and no document is left with a route but no history of getting there.
import pg from 'pg';

export interface InvariantResult {
  name: string;
  violations: number;
  examples: string[];
}

export async function checkInvariants(
  databaseUrl: string,
  bucketKeys: string[],
): Promise<InvariantResult[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const keys = new Set(bucketKeys);
    const files = await client.query<{ id: number; file_key: string }>(
      'SELECT id, file_key FROM documents',
    );
    const missing = files.rows.filter((d) => !keys.has(d.file_key));
    const unrouted = await client.query<{ document_id: number }>(
      `SELECT s.document_id FROM document_routes s
        WHERE s.side = 'sent' AND s.route_status_id IS NOT NULL
          AND s.counterparty_company_id IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM document_routes r
                           WHERE r.document_id = s.document_id AND r.side = 'received')`,
    );
    const historyless = await client.query<{ id: number }>(
      `SELECT d.id FROM documents d
        WHERE NOT EXISTS (SELECT 1 FROM document_history h WHERE h.document_id = d.id)`,
    );
    return [
      {
        name: 'documents whose file is not in the bucket',
        violations: missing.length,
        examples: missing.slice(0, 5).map((d) => `document ${d.id} (${d.file_key})`),
      },
      {
        name: 'sent documents without the receiver’s route',
        violations: unrouted.rowCount ?? 0,
        examples: unrouted.rows.slice(0, 5).map((r) => `document ${r.document_id}`),
      },
      {
        name: 'documents without any history',
        violations: historyless.rowCount ?? 0,
        examples: historyless.rows.slice(0, 5).map((r) => `document ${r.id}`),
      },
    ];
  } finally {
    await client.end();
  }
}
