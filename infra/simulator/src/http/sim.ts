/** Everything the routes need, in one object built by startSimulator. */
import type { Faults } from '../faults';
import type { Mutator } from '../library/mutate';
import type { RequestBook } from '../library/requests';
import type { LibraryState } from '../library/state';
import type { WatchBook } from '../library/watch';
import type { WriteRecorder } from '../recorder';

export interface ArrTag {
  id: number;
  label: string;
}

export interface Sim {
  state: LibraryState;
  watch: WatchBook;
  requests: RequestBook;
  mutate: Mutator;
  faults: Faults;
  recorder: WriteRecorder;
  tags: { radarr: ArrTag[]; sonarr: ArrTag[] };
  /** Bytes freed by deletions, for disk space answers. */
  freedBytes: { radarr: number; sonarr: number };
  /** Jellyfin item ids being played right now, one per session (tests set them). */
  sessions: string[];
}
