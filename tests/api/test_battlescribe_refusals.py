"""Every unreadable BattleScribe upload answers 400 with a stable code, naming the file and
the problem: malformed XML, a wrong namespace, a missing linked catalogue, an XML entity
bomb, a zip bomb."""

from __future__ import annotations

import pytest

from tests.api.battlescribe_support import MASSBATTLE, fixture, preview, zipped

pytestmark = pytest.mark.django_db

BOMB = b"""<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>
<catalogue xmlns="http://www.battlescribe.net/schema/catalogueSchema" id="x">&lol3;</catalogue>
"""
EXTERNAL = b"""<?xml version="1.0"?>
<!DOCTYPE c [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<catalogue xmlns="http://www.battlescribe.net/schema/catalogueSchema" id="x">&secret;</catalogue>
"""


def refused(client, *named) -> dict:
    response = preview(client, "massbattle", *named)
    assert response.status_code == 400, response.json()
    return response.json()["error"]


def test_malformed_xml_names_the_file_and_line(owner_client, catalogues):
    broken = fixture("emberhold.cat").replace(b"</selectionEntries>", b"</selectionEntry>", 1)
    error = refused(owner_client, *MASSBATTLE[:2], ("emberhold.cat", broken))
    assert error["code"] == "battlescribe.xml_malformed"
    assert error["message"].startswith("emberhold.cat: line ")
    assert "mismatched tag" in error["message"]


def test_a_wrong_namespace_is_refused(owner_client, catalogues):
    wrong = fixture("emberhold.cat").replace(b"catalogueSchema", b"rosterSchema", 1)
    error = refused(owner_client, *MASSBATTLE[:2], ("emberhold.cat", wrong))
    assert error["code"] == "battlescribe.namespace"
    assert "emberhold.cat" in error["message"]
    assert "http://www.battlescribe.net/schema/catalogueSchema" in error["message"]


def test_a_missing_linked_catalogue_is_named(owner_client, catalogues):
    error = refused(owner_client, "ember-realms.gst", "emberhold.cat")
    assert error["code"] == "battlescribe.catalogue_missing"
    assert error["message"] == (
        "emberhold.cat: links catalogue 'Ember Armoury' (id er-lib), which is not among the "
        "uploaded files"
    )


@pytest.mark.parametrize("body", [BOMB, EXTERNAL], ids=["entity-bomb", "external-entity"])
def test_entity_declarations_are_refused_before_expansion(owner_client, catalogues, body):
    error = refused(owner_client, *MASSBATTLE[:2], ("bomb.cat", body))
    assert error["code"] == "battlescribe.xml_dtd"
    assert error["message"].startswith("bomb.cat: line 2:")


def test_a_zip_bomb_is_refused_without_inflating_it(owner_client, catalogues):
    bomb = zipped({"huge.cat": b"<" + b" " * (30 * 1024 * 1024)})
    assert len(bomb) < 100_000
    error = refused(owner_client, "ember-realms.gst", ("huge.catz", bomb))
    assert error["code"] == "battlescribe.zip_bomb"
    assert error["message"].startswith("huge.catz/huge.cat: inflates past ")


def test_a_file_that_is_not_battlescribe_is_named(owner_client, catalogues):
    error = refused(owner_client, ("army.yaml", b"units: []"))
    assert error["code"] == "battlescribe.file_type"
    assert error["message"].startswith("army.yaml: ")


def test_a_catalogue_of_another_game_system_is_refused(owner_client, catalogues):
    error = refused(owner_client, "ember-realms.gst", "star-wardens.cat")
    assert error["code"] == "battlescribe.system_mismatch"
    assert error["message"].startswith("star-wardens.cat: ")
