/** Being built (issue 17): this tab's list, create, edit, publish and delete. */
import type { ContentPanelProps } from '../content-tabs.ts';

export default function PlansPanel(_props: ContentPanelProps) {
  return null;
}
