import type { Request } from 'express';
import type { RequestContext } from '../../graphql/context';
import type { Services } from '../../services';
import { requireAdmin } from '../../graphql/auth-checker';
import { badInput } from '../../common/errors';
import { ctxOf, restRouter } from '../../common/rest';
import { parseInput } from '../../common/validation';
import { booleanField, enumField, numberField, readForm, type FormInput } from '../../common/multipart';
import { tooLargeMessage } from '../../common/images';
import { BarCategory, type BarItem } from './bar-item.entity';
import { BAR_MESSAGES, CreateBarItemInput, UpdateBarItemInput } from './bar-item.inputs';

export function barItemJson(ctx: RequestContext, services: Services, item: BarItem) {
  return {
    _id: item.id,
    name: item.name,
    description: item.description,
    price: item.price,
    category: item.category,
    image: services.bar.imageUrl(ctx, item, 'large'),
    imageSmall: services.bar.imageUrl(ctx, item, 'small'),
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
  };
}

/** Form fields are text; the category is matched in any case (clients group by the lowercase form). */
function barFields(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...fields };
  if ('price' in out) out.price = numberField(out.price, { required: true });
  if ('removeImage' in out) out.removeImage = booleanField(out.removeImage);
  if ('category' in out) out.category = enumField(out.category, Object.values(BarCategory));
  return out;
}

/** The one image a menu item has, if sent; two or more are refused rather than all but one dropped. */
function oneImage(files: FormInput['files']) {
  const images = files.image ?? [];
  if (images.length > 1) throw badInput(BAR_MESSAGES.oneImage, 'image');
  return images[0] ?? null;
}

/** The body cap: one image and the fields. Over it, the image is what was too large, and the answer says so. */
const readBarForm = (req: Request, ctx: RequestContext) =>
  readForm(req, ctx.deps.config.uploadMaxBytes + 1024 * 1024, tooLargeMessage(ctx.deps.config.uploadMaxBytes));

export function barRoutes(services: Services) {
  const router = restRouter();

  router.get('/bar', async (req, res) => {
    const ctx = ctxOf(req);
    res.json((await services.bar.list(ctx)).map((item) => barItemJson(ctx, services, item)));
  });

  router.get('/bar/:id', async (req, res) => {
    const ctx = ctxOf(req);
    res.json(barItemJson(ctx, services, await services.bar.get(ctx, req.params.id)));
  });

  router.post('/bar', async (req, res) => {
    const ctx = ctxOf(req);
    requireAdmin(ctx);
    const form = await readBarForm(req, ctx);
    const input = await parseInput(CreateBarItemInput, barFields(form.fields));
    const item = await services.bar.create(ctx, input, oneImage(form.files));
    res.status(201).json(barItemJson(ctx, services, item));
  });

  router.put('/bar/:id', async (req, res) => {
    const ctx = ctxOf(req);
    requireAdmin(ctx);
    const form = await readBarForm(req, ctx);
    const input = await parseInput(UpdateBarItemInput, barFields(form.fields));
    const item = await services.bar.update(ctx, req.params.id, input, oneImage(form.files));
    res.json(barItemJson(ctx, services, item));
  });

  router.delete('/bar/:id', async (req, res) => {
    const ctx = ctxOf(req);
    const item = await services.bar.remove(ctx, req.params.id);
    res.json({ message: 'Item deleted successfully', _id: item.id });
  });

  return router;
}
