/**
 * A child process for supervisor.test.ts: reports its pid, and on a graceful stop appends
 * "stopped <pid>" to the file named by FIXTURE_STOPPED_FILE. Not part of the product.
 */
import { appendFileSync } from 'node:fs';
import { childReporter } from '../supervisor';

childReporter(
  () => ({ pid: process.pid }),
  async () => {
    appendFileSync(process.env.FIXTURE_STOPPED_FILE!, `stopped ${process.pid}\n`);
  },
  undefined,
  50,
);
