// Issue 29 item 4: the addresses of the 'waiting for your approval' mail's buttons, as the mail
// writes them and the document screen reads them (docs/approvals.md).
import { describe, expect, it } from 'vitest';
import {
  chainApproverIds,
  documentActionPath,
  parseDocumentLinkAction,
  stepOfText,
  type ApprovalChain,
} from '../src/index';

describe('document action links', () => {
  it('writes the document path with or without the action', () => {
    expect(documentActionPath(12)).toBe('/documents/12');
    expect(documentActionPath(12, 'approve')).toBe('/documents/12?action=approve');
    expect(documentActionPath(12, 'reject')).toBe('/documents/12?action=reject');
  });

  it('reads only the known actions', () => {
    expect(parseDocumentLinkAction('approve')).toBe('approve');
    expect(parseDocumentLinkAction(' Reject ')).toBe('reject');
    for (const bad of [null, undefined, '', 'delete', 'approve;reject', 'pay']) {
      expect(parseDocumentLinkAction(bad)).toBeNull();
    }
  });

  it('names the step', () => {
    expect(stepOfText(1, 3)).toBe('Step 2 of 3');
  });
});

describe('chainApproverIds', () => {
  it('lists who approved a step, themselves and for whom a delegate approved', () => {
    const step = (approval: ApprovalChain['steps'][number]['approval']) => ({
      approverUserIds: [1],
      approverRoleId: null,
      approverLabel: 'Ana',
      approval,
    });
    const at = '2026-11-30T10:00:00.000Z';
    const chain: ApprovalChain = {
      policyId: 1,
      policyName: 'P',
      steps: [
        step({ userId: 5, userName: 'Eve', at, comment: null, byRule: null, onBehalfOfUserId: 1 }),
        step({ userId: null, userName: 'Rule', at, comment: null, byRule: 'Rule' }),
        step(null),
      ],
    };
    expect([...chainApproverIds(chain)].sort()).toEqual([1, 5]);
  });
});
