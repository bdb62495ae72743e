import type { Router } from 'express';
import { Input, requireUser } from '@mcs/kit';
import type { SettingsService } from './settings.service';

/** The general settings (internal-api.md 6.1), for administrators. */
export function settingsRoutes(api: Router, services: { settings: SettingsService }): void {
  api.get('/settings/general', async (_req, res) => {
    requireUser(res, 'admin');
    res.json(await services.settings.read());
  });

  api.put('/settings/general', async (req, res) => {
    requireUser(res, 'admin');
    Input.body(req.body); // refuses anything but a JSON object
    res.json(await services.settings.change(isRecord(req.body) ? req.body : {}));
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
