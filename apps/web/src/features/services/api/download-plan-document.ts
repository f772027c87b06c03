import { planDocumentUrl } from '@outpost/contracts/api-paths';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '@/lib/download';

export type PlanDocumentInput = {
  /** The plan's `kfs` or `cis` document path. */
  path: string;
  /** The saved file's name. */
  filename: string;
};

/** GET {prefix}/{document path}/: a plan's Key Fact Sheet or Critical Information Summary (PDF). */
export function downloadPlanDocument({ path, filename }: PlanDocumentInput): Promise<void> {
  return downloadFile(planDocumentUrl(path), filename);
}

export function useDownloadPlanDocument() {
  return useMutation({ mutationFn: downloadPlanDocument });
}
