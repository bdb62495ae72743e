import type { Router } from 'express';
import { Input, pathId, requireUser } from '@mcs/kit';
import { ALERT_KINDS } from '../domain/alerts';
import type { AlertService } from './alert.service';

/** The administrator alert list (internal-api.md 5). */
export function alertRoutes(api: Router, alerts: AlertService): void {
  api.get('/alerts', async (req, res) => {
    requireUser(res, 'admin');
    const query = new Input('query', req.query);
    const activeOnly = query.boolean('active_only') ?? true;
    const kind = query.oneOf('kind', ALERT_KINDS) ?? null;
    const paging = query.paging();
    query.done();
    res.json(await alerts.list({ activeOnly, kind }, paging));
  });

  api.post('/alerts/:alert_id/confirm', async (req, res) => {
    const admin = requireUser(res, 'admin');
    res.status(202).json(await alerts.confirm(pathId(req.params, 'alert_id'), admin));
  });

  api.post('/alerts/:alert_id/dismiss', async (req, res) => {
    const admin = requireUser(res, 'admin');
    res.json(await alerts.dismiss(pathId(req.params, 'alert_id'), admin));
  });
}
