import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::static-footer.static-footer');
