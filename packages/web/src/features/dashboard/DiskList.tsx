import type { Schemas } from '../../api/client';
import { formatBytes } from '../../ui/format';

/** Free space per Radarr/Sonarr disk: a bar of the used share and "free of total". */
export function DiskList({ disks }: { disks: Schemas['DashboardDisk'][] }) {
  if (disks.length === 0)
    return <p className="muted">No disks reported: add Radarr or Sonarr in Settings → Services.</p>;
  return (
    <ul className="disk-list">
      {disks.map((disk) => {
        const used = Math.min(100, Math.max(0, 100 - disk.free_percent));
        return (
          <li key={`${disk.service_config_id}-${disk.label}`} className="disk">
            <div className="disk-label">
              <span className="disk-name" title={`${disk.service_name} · ${disk.label}`}>
                {disk.service_name} · {disk.label}
              </span>
              <span className="num">{Math.round(disk.free_percent)}% free</span>
            </div>
            <div
              className={used >= 90 ? 'disk-track low' : 'disk-track'}
              role="meter"
              aria-label={`${disk.service_name} ${disk.label} used`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(used)}
              aria-valuetext={`${formatBytes(disk.free_bytes)} free of ${formatBytes(disk.total_bytes)}`}
            >
              <span className="disk-fill" style={{ width: `${used}%` }} />
            </div>
            <span className="muted small">
              {formatBytes(disk.free_bytes)} free of {formatBytes(disk.total_bytes)}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
