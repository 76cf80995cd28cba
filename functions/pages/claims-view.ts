/** The lead page's claims section (issue 44 item 7): each claim beside its damage report and photos. Data only. */
import { CLAIM_STATE_LABELS, CLAIM_STEPS } from '~/lib/claims';
import { formatPence } from '~/lib/money';
import { JOB_REPORT_LABELS } from '~/lib/office/job-sheet';
import { formatDateTime } from '~/lib/office/format';
import { OFFICE_PATHS } from '~/lib/office/paths';
import type { ClaimsSectionData } from '~/lib/views/office';
import { claimsFor, refundableFor } from '../lib/claims';
import { jobReports, type JobReport } from '../lib/office/job-sheets';
import { conditionRecords } from '../lib/office/condition';
import { conditionLine } from './condition-view';

const photoLinks = (report: JobReport) =>
  report.photos.map((key, index) => ({
    href: `${OFFICE_PATHS.jobPhoto}?${new URLSearchParams({ key })}`,
    label: `Photo ${index + 1} of ${report.photos.length}`,
  }));

export async function claimsSectionData(db: D1Database, reference: string): Promise<ClaimsSectionData> {
  const [claims, reports, refundable, conditions] = await Promise.all([
    claimsFor(db, reference),
    jobReports(db, reference),
    refundableFor(db, reference),
    conditionRecords(db, reference),
  ]);
  const damage = reports.filter((report) => report.kind === 'customer_damage' || report.kind === 'problem');
  const claimed = new Set(claims.map((claim) => claim.reportId));
  return {
    refundable: formatPence(refundable),
    claims: claims.map((claim) => {
      const report = damage.find((each) => each.id === claim.reportId);
      return {
        id: claim.id,
        item: claim.item,
        declared: formatPence(claim.declaredPence),
        state: CLAIM_STATE_LABELS[claim.status],
        offered: claim.offeredPence === null ? null : formatPence(claim.offeredPence),
        refunded: claim.refundedPence === null ? null : formatPence(claim.refundedPence),
        reason: claim.declineReason,
        openedBy: claim.openedBy === 'customer' ? 'the customer' : claim.openedBy,
        since: formatDateTime(claim.createdAt),
        report: report ? { at: formatDateTime(report.createdAt), note: report.note, photos: photoLinks(report) } : null,
        canAssess: (CLAIM_STEPS.assess as readonly string[]).includes(claim.status),
        canAnswer: (CLAIM_STEPS.offer as readonly string[]).includes(claim.status),
      };
    }),
    conditions: conditions.map((record) => conditionLine(record, null, true)),
    reports: damage
      .filter((report) => !claimed.has(report.id))
      .map((report) => ({ id: report.id, label: JOB_REPORT_LABELS[report.kind], at: formatDateTime(report.createdAt), note: report.note })),
  };
}
