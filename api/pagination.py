"""Page-number pagination: ``count/next/previous/results``, ``?page=`` and ``?page_size=``."""

from __future__ import annotations

from rest_framework import pagination

MAX_PAGE_SIZE = 200


class PageNumberPagination(pagination.PageNumberPagination):
    """``?page_size=`` up to 200 (larger values are capped, not refused)."""

    page_size_query_param = "page_size"
    max_page_size = MAX_PAGE_SIZE
