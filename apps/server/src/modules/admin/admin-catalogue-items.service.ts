import { eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AdminDataBlock,
  AdminExtra,
  AdminProduct,
  adminDataBlockInput,
  adminDataBlockUpdateInput,
  adminExtraInput,
  adminExtraUpdateInput,
  adminProductInput,
  adminProductUpdateInput,
} from '@outpost/contracts/admin';
import { dataBlockShapeProblem, productPriceProblem } from '@outpost/domain/admin-rules';
import type { Db } from '../../db/client';
import { isUniqueViolation, queryRows } from '../../db/client';
import { products } from '../orders/orders.schema';
import { dataBlocks, planExtraLinks, planExtras, plans } from '../services/services.schema';
import { adminError } from './admin.errors';

/**
 * The catalogue's extras, data blocks and products (issue 39; decision 054's last part). A price
 * change applies from then on: an extra's from the next invoice (billed at each period's start),
 * a block's and a product's to purchases and orders after it (each copies the price it was sold
 * at). Nothing is deleted: a block or product no longer sold is made inactive.
 */

// ---- extras

const extraRows = (db: Db, extraId?: number) =>
  queryRows<AdminExtra>(
    db,
    sql`select e.id as extraid, e.name, e.description, e.price_cents,
               coalesce((select json_agg(l.plan_id order by l.plan_id) from plan_extra_links l
                          where l.extra_id = e.id), '[]'::json) as plan_ids,
               (select count(*)::int from service_extras se
                  join services s on s.id = se.service_id and s.status <> 'cancelled'
                 where se.extra_id = e.id) as services
          from plan_extras e
         where ${extraId === undefined ? sql`true` : sql`e.id = ${extraId}`}
         order by e.name, e.id`,
  );

export function adminExtras(db: Db): Promise<AdminExtra[]> {
  return extraRows(db);
}

async function oneExtra(db: Db, extraId: number): Promise<AdminExtra> {
  const [extra] = await extraRows(db, extraId);
  if (!extra) throw adminError('extraMissing');
  return extra;
}

/** The plans an extra is offered with become `planIds` (each must be a plan). */
async function setExtraPlans(tx: Db, extraId: number, planIds: number[]): Promise<void> {
  if (planIds.length > 0) {
    const found = await tx.select({ id: plans.id }).from(plans).where(inArray(plans.id, planIds));
    const known = new Set(found.map((p) => p.id));
    const unknown = planIds.find((id) => !known.has(id));
    if (unknown !== undefined) throw adminError('catalogueNoSuchPlan', String(unknown));
  }
  await tx.delete(planExtraLinks).where(eq(planExtraLinks.extraId, extraId));
  if (planIds.length > 0)
    await tx.insert(planExtraLinks).values(planIds.map((planId) => ({ planId, extraId })));
}

export async function createExtra(
  tx: Db,
  input: z.infer<typeof adminExtraInput>,
): Promise<AdminExtra> {
  const [made] = await tx
    .insert(planExtras)
    .values({ name: input.name, description: input.description, priceCents: input.price_cents })
    .returning({ id: planExtras.id });
  await setExtraPlans(tx, made!.id, input.plan_ids);
  return oneExtra(tx, made!.id);
}

/**
 * A change to an extra. A plan no longer offering it leaves it on the services that have it
 * (as a plan no longer offered stays on its services); a new price is billed from the next
 * invoice.
 */
export async function updateExtra(
  tx: Db,
  extraId: number,
  input: z.infer<typeof adminExtraUpdateInput>,
): Promise<AdminExtra> {
  await tx
    .select({ id: planExtras.id })
    .from(planExtras)
    .where(eq(planExtras.id, extraId))
    .for('update');
  await oneExtra(tx, extraId);
  const changes = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.price_cents !== undefined ? { priceCents: input.price_cents } : {}),
  };
  if (Object.keys(changes).length > 0)
    await tx.update(planExtras).set(changes).where(eq(planExtras.id, extraId));
  if (input.plan_ids !== undefined) await setExtraPlans(tx, extraId, input.plan_ids);
  return oneExtra(tx, extraId);
}

// ---- data blocks

const blockRows = (db: Db, blockId?: number) =>
  queryRows<AdminDataBlock>(
    db,
    sql`select b.id as blockid, b.name, b.technology, b.peak_mb, b.offpeak_mb, b.price_cents,
               b.active, b.sort,
               (select count(*)::int from data_block_purchases p where p.block_id = b.id)
                 as purchases
          from data_blocks b
         where ${blockId === undefined ? sql`true` : sql`b.id = ${blockId}`}
         order by b.sort, b.price_cents, b.id`,
  );

export function adminDataBlocks(db: Db): Promise<AdminDataBlock[]> {
  return blockRows(db);
}

async function oneBlock(db: Db, blockId: number): Promise<AdminDataBlock> {
  const [block] = await blockRows(db, blockId);
  if (!block) throw adminError('blockMissing');
  return block;
}

export async function createDataBlock(
  db: Db,
  input: z.infer<typeof adminDataBlockInput>,
): Promise<AdminDataBlock> {
  const problem = dataBlockShapeProblem({
    technology: input.technology,
    peakMb: input.peak_mb,
    offpeakMb: input.offpeak_mb,
  });
  if (problem) throw adminError('catalogueInvalid', problem);
  const [made] = await db
    .insert(dataBlocks)
    .values({
      name: input.name,
      technology: input.technology,
      peakMb: input.peak_mb,
      offpeakMb: input.offpeak_mb,
      priceCents: input.price_cents,
      active: input.active ?? true,
      sort: input.sort ?? 0,
    })
    .returning({ id: dataBlocks.id });
  return oneBlock(db, made!.id);
}

/**
 * A change to a block: purchases made before it keep what they copied (name, sizes, price). In
 * the caller's transaction, the block locked first: a change checks the block it will write.
 */
export async function updateDataBlock(
  db: Db,
  blockId: number,
  input: z.infer<typeof adminDataBlockUpdateInput>,
): Promise<AdminDataBlock> {
  await db
    .select({ id: dataBlocks.id })
    .from(dataBlocks)
    .where(eq(dataBlocks.id, blockId))
    .for('update');
  const current = await oneBlock(db, blockId);
  const next = {
    technology: input.technology !== undefined ? input.technology : current.technology,
    peakMb: input.peak_mb ?? current.peak_mb,
    offpeakMb: input.offpeak_mb ?? current.offpeak_mb,
  };
  const problem = dataBlockShapeProblem(next);
  if (problem) throw adminError('catalogueInvalid', problem);
  await db
    .update(dataBlocks)
    .set({
      ...next,
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.price_cents !== undefined ? { priceCents: input.price_cents } : {}),
      ...(input.active !== undefined ? { active: input.active } : {}),
      ...(input.sort !== undefined ? { sort: input.sort } : {}),
    })
    .where(eq(dataBlocks.id, blockId));
  return oneBlock(db, blockId);
}

// ---- products

type ProductRow = typeof products.$inferSelect;

const toAdminProduct = (p: ProductRow): AdminProduct => ({
  productid: p.id,
  name: p.name,
  model: p.model,
  article: p.article,
  price_cents: p.priceCents,
  rrp_cents: p.rrpCents,
  type: p.type as AdminProduct['type'],
  image: p.image,
  active: p.active,
  sort: p.sort,
});

export async function adminProducts(db: Db): Promise<AdminProduct[]> {
  const rows = await db.select().from(products).orderBy(products.sort, products.id);
  return rows.map(toAdminProduct);
}

async function oneProduct(db: Db, productId: number): Promise<AdminProduct> {
  const [row] = await db.select().from(products).where(eq(products.id, productId));
  if (!row) throw adminError('productMissing');
  return toAdminProduct(row);
}

/** The article number is the provider's own: another product's is refused (409). */
const articleTaken = (error: unknown): never => {
  if (isUniqueViolation(error)) throw adminError('articleTaken');
  throw error;
};

export async function createProduct(
  db: Db,
  input: z.infer<typeof adminProductInput>,
): Promise<AdminProduct> {
  const problem = productPriceProblem({
    priceCents: input.price_cents,
    rrpCents: input.rrp_cents,
  });
  if (problem) throw adminError('catalogueInvalid', problem);
  const [made] = await db
    .insert(products)
    .values({
      name: input.name,
      model: input.model,
      article: input.article,
      priceCents: input.price_cents,
      rrpCents: input.rrp_cents,
      type: input.type,
      image: input.image,
      active: input.active ?? true,
      sort: input.sort ?? 0,
    })
    .returning({ id: products.id })
    .catch(articleTaken);
  return oneProduct(db, made!.id);
}

/**
 * A change to a product: orders placed before it keep the price they were charged. In the
 * caller's transaction, the product locked first: the price check sees the product it writes.
 */
export async function updateProduct(
  db: Db,
  productId: number,
  input: z.infer<typeof adminProductUpdateInput>,
): Promise<AdminProduct> {
  await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, productId))
    .for('update');
  const current = await oneProduct(db, productId);
  const problem = productPriceProblem({
    priceCents: input.price_cents ?? current.price_cents,
    rrpCents: input.rrp_cents ?? current.rrp_cents,
  });
  if (problem) throw adminError('catalogueInvalid', problem);
  await db
    .update(products)
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.model !== undefined ? { model: input.model } : {}),
      ...(input.article !== undefined ? { article: input.article } : {}),
      ...(input.price_cents !== undefined ? { priceCents: input.price_cents } : {}),
      ...(input.rrp_cents !== undefined ? { rrpCents: input.rrp_cents } : {}),
      ...(input.type !== undefined ? { type: input.type } : {}),
      ...(input.image !== undefined ? { image: input.image } : {}),
      ...(input.active !== undefined ? { active: input.active } : {}),
      ...(input.sort !== undefined ? { sort: input.sort } : {}),
    })
    .where(eq(products.id, productId))
    .catch(articleTaken);
  return oneProduct(db, productId);
}
