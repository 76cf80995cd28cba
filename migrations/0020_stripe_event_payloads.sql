-- Stripe's events as stored before this migration kept the whole body, with the customer's e-mail address, name and
-- billing address (customer_email, customer_details). The Worker now keeps only the payment's facts
-- (functions/lib/payments/webhook.ts storedPayload); the events already stored keep the same fields and lose the rest.
-- A field the object did not have stays out (json_patch drops a null member).
UPDATE stripe_events SET payload = json_object(
  'id', json_extract(payload, '$.id'),
  'type', json_extract(payload, '$.type'),
  'created', json_extract(payload, '$.created'),
  'livemode', json(CASE WHEN json_extract(payload, '$.livemode') THEN 'true' ELSE 'false' END),
  'data', json_object('object', json_patch('{}', json_object(
    'id', json_extract(payload, '$.data.object.id'),
    'object', json_extract(payload, '$.data.object.object'),
    'amount_total', json_extract(payload, '$.data.object.amount_total'),
    'currency', json_extract(payload, '$.data.object.currency'),
    'payment_intent', json_extract(payload, '$.data.object.payment_intent'),
    'payment_status', json_extract(payload, '$.data.object.payment_status'),
    'status', json_extract(payload, '$.data.object.status'),
    'client_reference_id', json_extract(payload, '$.data.object.client_reference_id'),
    'metadata', json(coalesce(json_extract(payload, '$.data.object.metadata'), 'null'))
  )))
)
WHERE json_valid(payload);

INSERT OR REPLACE INTO app_meta (key, value) VALUES ('schema_version', '20');
