import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { api } from '../../api/client';
import { useSession } from '../../api/session';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { QueryState } from '../../ui/QueryState';
import { DeleteRequestDialog } from './DeleteRequestDialog';
import { MediaDetailView } from './MediaDetailView';
import { ProtectDialog } from './ProtectDialog';
import './library.css';

/** Route /library/:mediaType/:mediaId. */
export function MediaDetailPage() {
  const { mediaType, mediaId } = useParams();
  const id = Number(mediaId);
  if ((mediaType !== 'movie' && mediaType !== 'series') || !Number.isInteger(id) || id < 1)
    return (
      <>
        <PageHeader title="Media details" />
        <EmptyState title="No such item">
          <Link to="/library">Back to the library</Link>
        </EmptyState>
      </>
    );
  return <MediaDetail mediaType={mediaType} mediaId={id} />;
}

function MediaDetail({ mediaType, mediaId }: { mediaType: 'movie' | 'series'; mediaId: number }) {
  const { isAdmin } = useSession();
  const [dialog, setDialog] = useState<'protect' | 'delete' | null>(null);
  const item = api.useQuery('get', '/api/media/items/{media_type}/{media_id}', {
    params: { path: { media_type: mediaType, media_id: mediaId } },
  });
  const onOpenChange = (open: boolean) => !open && setDialog(null);
  return (
    <>
      <p className="back-link">
        <Link to="/library">← Library</Link>
      </p>
      <QueryState query={item} rows={6}>
        {(data) => (
          <>
            <MediaDetailView
              item={data}
              isAdmin={isAdmin}
              onProtect={() => setDialog('protect')}
              onDelete={() => setDialog('delete')}
            />
            {dialog === 'protect' && (
              <ProtectDialog item={data} isAdmin={isAdmin} open onOpenChange={onOpenChange} />
            )}
            {dialog === 'delete' && (
              <DeleteRequestDialog item={data} isAdmin={isAdmin} open onOpenChange={onOpenChange} />
            )}
          </>
        )}
      </QueryState>
    </>
  );
}
