import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TablePager } from './table-pager';

function PagedList({ count }: { count: number }) {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  return (
    <>
      <p>
        page {page + 1}, {pageSize} a page
      </p>
      <TablePager
        count={count}
        page={page}
        pageSize={pageSize}
        onPageChange={setPage}
        onPageSizeChange={setPageSize}
      />
    </>
  );
}

describe('TablePager', () => {
  it('pages forward and starts again at page one when the page size changes', async () => {
    const user = userEvent.setup();
    render(<PagedList count={120} />);
    expect(screen.getByText('1–25 of 120')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(screen.getByText('page 2, 25 a page')).toBeVisible();
    expect(screen.getByText('26–50 of 120')).toBeVisible();

    await user.click(screen.getByRole('combobox', { name: /rows per page/i }));
    await user.click(screen.getByRole('option', { name: '100' }));
    expect(screen.getByText('page 1, 100 a page')).toBeVisible();
    expect(screen.getByText('1–100 of 120')).toBeVisible();
  });
});
