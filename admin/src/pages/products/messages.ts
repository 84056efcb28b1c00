import { defineMessages } from '../../app/i18n.tsx';

export const m = defineMessages({
  en: { title: 'Products', name: 'Name', created: 'Created', sides: 'Sides', emptyTitle: 'No products yet', emptyBody: 'A product is what shoppers design on: its sides give the trim, bleed and safe zone.', new: 'New product', caption: 'Products of this store' },
  fr: { title: 'Produits', name: 'Nom', created: 'Créé', sides: 'Faces', emptyTitle: 'Aucun produit', emptyBody: 'Un produit est ce que les clients personnalisent : ses faces donnent le format, le fond perdu et la zone de sécurité.', new: 'Nouveau produit', caption: 'Produits de cette boutique' },
  he: { title: 'מוצרים', name: 'שם', created: 'נוצר', sides: 'צדדים', emptyTitle: 'אין עדיין מוצרים', emptyBody: 'מוצר הוא מה שהלקוחות מעצבים: הצדדים שלו קובעים את החיתוך, הגלישה והאזור הבטוח.', new: 'מוצר חדש', caption: 'המוצרים של החנות' },
});
