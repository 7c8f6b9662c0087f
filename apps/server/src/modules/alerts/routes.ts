import { CALLS } from '@roompilot/contract';
import type { FastifyInstance } from 'fastify';
import { registerCalls } from '../../calls.js';
import { notFound } from '../../errors.js';

/** Alerts and the hotel's alert settings (API.md "Live state and alerts"). */
export async function alertRoutes(app: FastifyInstance) {
  const { alerts } = app.services;

  registerCalls(app, CALLS.alerts, {
    list: async ({ hotelId, request }) => {
      // The Administrator sees a hotel's alerts once it names the hotel.
      if (hotelId === null) return { data: [] };
      return { data: await alerts.openAlerts(hotelId, request.language) };
    },
    confirm: async ({ actor, hotelId, body }) => {
      const outcome = await alerts.confirmAlert(actor, hotelId, body.id);
      if (outcome === 'missing') throw notFound('live.alertNotFound');
      return null;
    },
    history: ({ hotelId, body, request }) => alerts.history(hotelId, body, request.language),
    settings: ({ hotelId }) => alerts.settings(hotelId),
    updateSettings: ({ actor, hotelId, body: { hotel_id: _, ...changes } }) =>
      alerts.updateSettings(actor, hotelId, changes),
  });
}
