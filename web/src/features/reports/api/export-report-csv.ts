// GET /api/reports/<name>?...&format=csv&table=<key>: every row of one table as CSV (the server streams it), fetched
// with the app's Bearer token and saved as a file through a temporary object address.
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { reportQueryParams, type ReportRequest } from '../components/report-params';
import { reportPath } from './get-report';

export function exportReportCsv(request: ReportRequest, table: string): Promise<Blob> {
  return api.getBlob(reportPath(request.name), { params: { ...reportQueryParams(request), format: 'csv', table } });
}

/** Hands the browser a file to save. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the download has its data.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useExportReportCsv() {
  return useMutation({
    mutationFn: async ({ request, table, fileName }: { request: ReportRequest; table: string; fileName: string }) => {
      saveFile(await exportReportCsv(request, table), fileName);
    },
  });
}
