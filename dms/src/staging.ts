/**
 * The staging table: one wide row per record of any kind (R repair order, J job, A accounting
 * detail, L location), so the whole file streams through ONE COPY on the transaction's
 * connection while it is being read (parsing and PostgreSQL's ingest overlap, and nothing
 * accumulates in memory). Columns shared by several kinds have the same type in `ref`.
 */
import { copyValue } from '@dealer/platform/db/copy';
import { ACCOUNTING_DETAIL_FIELDS, LOCATION_FIELDS, REPAIR_ORDER_FIELDS, RO_JOB_FIELDS, columnsOf } from './fields';

const STAGE_EXTRA = ['kind', 'row_no', 'row_nos', 'standalone'] as const;
const STAGE_SOURCES: [string, readonly string[]][] = [
  ['r', [...columnsOf(REPAIR_ORDER_FIELDS)]],
  ['j', columnsOf(RO_JOB_FIELDS)],
  ['a', columnsOf(ACCOUNTING_DETAIL_FIELDS)],
  ['l', columnsOf(LOCATION_FIELDS)],
];
export const STAGE_COLUMNS: string[] = [...STAGE_EXTRA];
export const STAGE_SELECT: string[] = ['null::"char" as kind', 'null::integer as row_no', 'null::integer[] as row_nos', 'null::boolean as standalone'];
for (const [alias, columns] of STAGE_SOURCES) {
  for (const column of columns) {
    if (STAGE_COLUMNS.includes(column)) continue;
    STAGE_COLUMNS.push(column);
    STAGE_SELECT.push(`${alias}.${column}`);
  }
}
/** The staging columns the merge's statements filter and join on (merge.ts): the ones it analyzes. */
export const STAGE_STATISTICS = ['kind', 'standalone', 'location_id', 'ro_number', 'job_id', 'cdk_accounting_details_id', 'location_name'] as const;
const STAGE_INDEX = new Map(STAGE_COLUMNS.map((c, i) => [c, i]));

export const RO_COLUMNS = columnsOf(REPAIR_ORDER_FIELDS);
export const JOB_COLUMNS = ['location_id', 'ro_number', ...columnsOf(RO_JOB_FIELDS)];
export const ACCOUNTING_COLUMNS = columnsOf(ACCOUNTING_DETAIL_FIELDS);
export const LOCATION_COLUMNS = columnsOf(LOCATION_FIELDS);

/**
 * Builds the staging line of one kind of record from its values (in `columns` order): the
 * runs of \N between its columns are precomputed, so a line costs one concatenation per value.
 */
class StageLine {
  private readonly order: number[];
  private readonly gaps: string[];
  private readonly tail: string;

  constructor(private readonly kind: string, columns: readonly string[]) {
    const at = columns.map((c) => STAGE_INDEX.get(c)!);
    this.order = at.map((_, i) => i).sort((x, y) => at[x]! - at[y]!);
    let previous = 0; // the kind column
    this.gaps = this.order.map((i) => {
      const gap = `\t${'\\N\t'.repeat(at[i]! - previous - 1)}`;
      previous = at[i]!;
      return gap;
    });
    this.tail = '\t\\N'.repeat(STAGE_COLUMNS.length - 1 - previous);
  }

  of(values: readonly (string | null)[]): string {
    let line = this.kind;
    for (let j = 0; j < this.order.length; j++) line += this.gaps[j]! + copyValue(values[this.order[j]!]!);
    return line + this.tail;
  }
}

/** Staging lines per kind; the values lead with the staging-only columns named here. */
export const STAGE_LINE = {
  repairOrder: new StageLine('R', ['row_nos', 'location_name', ...RO_COLUMNS]),
  job: new StageLine('J', JOB_COLUMNS),
  accountingDetail: new StageLine('A', ['row_no', 'standalone', ...ACCOUNTING_COLUMNS]),
  location: new StageLine('L', ['row_no', ...LOCATION_COLUMNS]),
};

/** The staging table of one import, dropped at commit; its columns have the types of `ref`. */
export const CREATE_STAGE_TABLE = `
  create temp table dms_stage on commit drop as
  select ${STAGE_SELECT.join(', ')}
  from ref.repair_orders r, ref.ro_jobs j, ref.accounting_details a, ref.locations l with no data`;
