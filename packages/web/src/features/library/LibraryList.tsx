import { TableScroll } from './TableScroll';
import { Link } from 'react-router';
import type { Schemas } from '../../api/client';
import { formatBytes } from '../../ui/format';
import { itemName } from './target';

type Item = Schemas['MediaItemSummary'];

/** Markers that say, in words, whether cleanup selects the item and whether it is protected. */
function Markers({ item }: { item: Item }) {
  return (
    <span className="markers">
      {item.candidate_ids.length > 0 && (
        <span className="badge state-eligible">
          {item.candidate_ids.length === 1
            ? 'candidate'
            : `${item.candidate_ids.length} candidates`}
        </span>
      )}
      {item.protection_ids.length > 0 && <span className="badge state-protected">protected</span>}
      {item.removed_at && <span className="badge state-canceled">removed</span>}
    </span>
  );
}

/** A page of library items; each title opens its details. */
export function LibraryList({ items }: { items: Item[] }) {
  return (
    <TableScroll label="Library items">
      <table className="list library-table">
        <thead>
          <tr>
            <th scope="col">Title</th>
            <th scope="col">Type</th>
            <th scope="col" className="num">
              Size
            </th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={`${item.media_type}-${item.media_id}`}>
              <td>
                <Link to={`/library/${item.media_type}/${item.media_id}`}>{itemName(item)}</Link>
              </td>
              <td>{item.media_type === 'movie' ? 'Movie' : 'Series'}</td>
              <td className="num">{formatBytes(item.size_bytes)}</td>
              <td>
                <Markers item={item} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
