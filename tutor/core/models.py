from django.db import models


class FallbackCacheEntry(models.Model):
    """The table of the "fallback" cache (Django's DatabaseCache, its own columns): where
    tutor.lib.outage keeps the throttles' counts and the double-submit records while Redis does not
    answer. Declared here so that ``migrate`` makes it; only the cache backend reads and writes it."""

    cache_key = models.CharField(max_length=255, primary_key=True)
    value = models.TextField()
    expires = models.DateTimeField(db_index=True)

    class Meta:
        db_table = "core_fallback_cache"

    def __str__(self) -> str:
        return self.cache_key
