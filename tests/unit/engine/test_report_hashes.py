"""Golden report hashes: the same rosters, mission and seed give the same report, byte for byte.

Recorded before the engine was reorganised (issue "One house for every game system"), so any
refactor that changes a dice stream or a report field shows up here. A rules change that is
meant to change battles updates these hashes in the same commit and says why.
"""

from __future__ import annotations

import pytest

from armybuilder.rosterdata import sample_roster_data
from rules.engine.systems import get_system
from tests.support import SAMPLE_PAIRS as SAMPLES

GOLDEN: dict[tuple[str, str, int, bool], str] = {
    (
        "grimdark",
        "annihilation",
        1,
        True,
    ): "afe84fc9a25bcdd87c45dc6c7409ef58193eb592b0313d018c59e4b107c9fe00",
    (
        "grimdark",
        "annihilation",
        1,
        False,
    ): "3ae54a0ab24855c13ac07d8c5456bd86aa287742ab30e72005d9050d89a80d6e",
    (
        "grimdark",
        "annihilation",
        7,
        True,
    ): "bc19831773e44f337583c0dc61b54e2cc77dd79f1dcc1f39e274f19acc8efb3c",
    (
        "grimdark",
        "annihilation",
        7,
        False,
    ): "7181537d5d3eea38d4c2296d4cf860a9d01e4e2cd7ce77f4d7ed7aa15d11c190",
    (
        "grimdark",
        "cleanse",
        1,
        True,
    ): "f085c16b19234502774c8531a5667437f0e52456ee9abbf6ebf49383386be564",
    (
        "grimdark",
        "cleanse",
        1,
        False,
    ): "029f970114eeec3858e3f8e918c7e21e9781ea029c0ad712337b15e922a205d4",
    (
        "grimdark",
        "cleanse",
        7,
        True,
    ): "54d9d6408f7ad165fefb1e5cf0eee350ad930014d1c5e02b95cb1ff54e320030",
    (
        "grimdark",
        "cleanse",
        7,
        False,
    ): "068c9d4f9e84890f57f775ba14e40cf53d9dfcd7d985f276e2f15d4cbf4472e3",
    (
        "grimdark",
        "recon",
        1,
        True,
    ): "959a641cba2872153313d7601a769f58d750bbc84547eee9ac10c044ff6c6471",
    (
        "grimdark",
        "recon",
        1,
        False,
    ): "1fe7e732094c9a5d6bda5c1212fdff54aa57cfeeb459517bddabc8bfb48ad55b",
    (
        "grimdark",
        "recon",
        7,
        True,
    ): "4dd971957ed43e4b86b67e1e7c184fff3587922c6a3c359e821100ab4aa5d2b5",
    (
        "grimdark",
        "recon",
        7,
        False,
    ): "723365bbd1c6eea54841eaa341b436b60443f4120b5346278b7e647ce383197f",
    (
        "grimdark",
        "secure-and-control",
        1,
        True,
    ): "686b02bd8f92c0d88f4e4811c5d2c9ae696c396e09760117aafab6b6c1328486",
    (
        "grimdark",
        "secure-and-control",
        1,
        False,
    ): "fb531dd2b352abbd1cb3171c786f4cd384e2d4dc236b854f4f2fd6a509ffb2d3",
    (
        "grimdark",
        "secure-and-control",
        7,
        True,
    ): "4534077d1c11def37030021c9e31190cc2f91cd3c70d1d6c82d91439b4ca087c",
    (
        "grimdark",
        "secure-and-control",
        7,
        False,
    ): "c06458f4a2d10367a7c75ae280f7f322dea9c731be9239766d593b6a17d0d958",
    (
        "grimdark",
        "seek-and-destroy",
        1,
        True,
    ): "f95b83016d0401498ccda13a89c47c069ef7954ca6eca8f0bd6ce0f5f811bd9d",
    (
        "grimdark",
        "seek-and-destroy",
        1,
        False,
    ): "ebfef92a26c75d6ae8892c5d24f3d0bf005d6160403ccc026623ebf5d50c69b5",
    (
        "grimdark",
        "seek-and-destroy",
        7,
        True,
    ): "739d6a9dcaf73d7c8263c363ab4a96ef4da9a89da320f95369078fbce18554d3",
    (
        "grimdark",
        "seek-and-destroy",
        7,
        False,
    ): "53f07d042ff6810550872ba38b839fe7859081e69d6e040850259d37d31b0ec5",
    (
        "grimdark",
        "take-and-hold",
        1,
        True,
    ): "d817398d8e02b9a35a0574e012925c58b2f1ff992f4da0d3ea66bb363ad37f8b",
    (
        "grimdark",
        "take-and-hold",
        1,
        False,
    ): "d4e620a66307b73506500ec6efad48582a48e32e344c329874863773eedffcb0",
    (
        "grimdark",
        "take-and-hold",
        7,
        True,
    ): "258d2adb05aee3f860dbb3445ae2440ac3249be0d106144ddd4eb2a593f75eec",
    (
        "grimdark",
        "take-and-hold",
        7,
        False,
    ): "b837bf3e857657b4e35249f6bba562eda26cb8e6fd6d6880f53ab9fd0b7e9bab",
    (
        "skirmish",
        "breakthrough",
        1,
        True,
    ): "0105193286f4c7eef417ae1e0f4e35139bfde210cb6f75d3e5b2a4d203a43969",
    (
        "skirmish",
        "breakthrough",
        1,
        False,
    ): "9f6a55ff086365c62a0352e59dad528e0d83935875abb70c01fa176fe8ee3fc1",
    (
        "skirmish",
        "breakthrough",
        7,
        True,
    ): "a7324d83949f1669b71665f80c4ebf5016b75a1d4f1cbe1452408431056ad27a",
    (
        "skirmish",
        "breakthrough",
        7,
        False,
    ): "2b0c7b399e72205d950533b64272bdbe8c284fbb50782671b5dd05a2c62d70af",
    (
        "skirmish",
        "skirmish",
        1,
        True,
    ): "81c1725e553ed81b6f310c7eb46acc32b5ce8dd75158fa40cf9f086ad185b3f4",
    (
        "skirmish",
        "skirmish",
        1,
        False,
    ): "8f17e6a52c6b1d9f7f073f212f3d06ab5769401d98a5e1616a0b42932a66f152",
    (
        "skirmish",
        "skirmish",
        7,
        True,
    ): "30288e726e424070ebe1dd8f9d5619a7186ab1a8b59baa300f005a1f15de18f2",
    (
        "skirmish",
        "skirmish",
        7,
        False,
    ): "1c94167fa078818f4a252c7328e720044612fa20ac3627b29046d3f0bf8c1b3e",
    (
        "skirmish",
        "wyrdstone-hunt",
        1,
        True,
    ): "a270f07df3182e1e6e3a340c310f2f8b2812f77527769a4053801188ef746912",
    (
        "skirmish",
        "wyrdstone-hunt",
        1,
        False,
    ): "006b896acfc6a0e05790c23601f33f6060f2a49419b44a06ad9c5a38260639aa",
    (
        "skirmish",
        "wyrdstone-hunt",
        7,
        True,
    ): "295b05cf0f8428959300070534b6af840439d0d32357f96c4b4a8d4e9d4e30a4",
    (
        "skirmish",
        "wyrdstone-hunt",
        7,
        False,
    ): "b3a912320ae4e99de4cccd7bd1779296d8d6a5b1ef3f6ae7b5163e308b72a7ce",
    (
        "massbattle",
        "battle",
        1,
        True,
    ): "2e86f82d2f26df5918fbc392d59893b75fffddfdca0f8baedd666b4078d7e18a",
    (
        "massbattle",
        "battle",
        1,
        False,
    ): "0ba5cfefa485768804d9a4a556916ac3ae7fe30d08b1fe9049d69246905d05f5",
    (
        "massbattle",
        "battle",
        7,
        True,
    ): "e32140216ae974893b8a1f5376c1025ea4767ce9a12d705a2a76fce35ca5d6e3",
    (
        "massbattle",
        "battle",
        7,
        False,
    ): "61535f330d9258122093a16950126beba3d3da093ec81871dfda838884b1746e",
    (
        "massbattle",
        "kill",
        1,
        True,
    ): "0f7b82807f63ccefbf6ff171cb95d00aa5faf35865057fc6015436df58f4c3f9",
    (
        "massbattle",
        "kill",
        1,
        False,
    ): "84b11054e2ea38a85ac2ea05bf264bdfd68726222fa8bb2eea48396346604033",
    (
        "massbattle",
        "kill",
        7,
        True,
    ): "7a156310405ed492bcb36420bba2d58c4fdb38a3eb576a83ed25fc4440b5e4c6",
    (
        "massbattle",
        "kill",
        7,
        False,
    ): "3b4dfec4273a39f447f2110420812b568b49f582465b94a89a1b86f3e7a9735a",
    (
        "massbattle",
        "kill-and-pillage",
        1,
        True,
    ): "7bdc395c094343be07789c1fd56231f466c941935cd7a8bc722d8e838fb22d04",
    (
        "massbattle",
        "kill-and-pillage",
        1,
        False,
    ): "dc30e250034a6ef4186a90fa9acd86f48c9a9e648e0069fd93e7c4ec369cb211",
    (
        "massbattle",
        "kill-and-pillage",
        7,
        True,
    ): "a5c66355b8d1741d930b1a6060db1a37813bf8dd6569a8e61f9a4a4f0c711962",
    (
        "massbattle",
        "kill-and-pillage",
        7,
        False,
    ): "2bcf9287e2cecaa275fc62b56e8f23c7d15205c2e3b93b2283dff46d5dcd13af",
    (
        "massbattle",
        "pillage",
        1,
        True,
    ): "45df02115fe75e536c749f0539781bec986fd8c251edd3f169a6eb9b9584f1bb",
    (
        "massbattle",
        "pillage",
        1,
        False,
    ): "331ee7d59d613edb5fb4a0392ffdc694381629b016910fb3b0885348d74c4786",
    (
        "massbattle",
        "pillage",
        7,
        True,
    ): "5040998b2b8c9a962c88c01e52120de5106ccbc80bfa3cfe5323f4357a7afba4",
    (
        "massbattle",
        "pillage",
        7,
        False,
    ): "d227fd87b94c8e7b920e8c7741c38be75ddeebd2ab007404ab5ffc9deb00db53",
    (
        "hextactical",
        "duel",
        1,
        True,
    ): "42c2eb22c8ec6a28273fd8ddeb9e34226fab7f694b2bc67cb10388615c40cba7",
    (
        "hextactical",
        "duel",
        1,
        False,
    ): "837246c23a59af2d97f26190d7b66bdd382a971ab1377ecdce8cd3b37eaf7a9f",
    (
        "hextactical",
        "duel",
        7,
        True,
    ): "3f7bd98366780d7886a387de012aacefde738230224701bdbcb58f4796b0baf3",
    (
        "hextactical",
        "duel",
        7,
        False,
    ): "c6732e9f3a04d03b7ef18894697e4488be4dc031d7a44c0acf74e0332144b15f",
    (
        "hextactical",
        "skirmish",
        1,
        True,
    ): "ed5a5842402ec705947f8f722a3d6918ab518667d7c2034421703bf4da394917",
    (
        "hextactical",
        "skirmish",
        1,
        False,
    ): "337d47c88d086a1d9df194883bcc1b2e6822e14de2bdc7d7b601ee85a15300e6",
    (
        "hextactical",
        "skirmish",
        7,
        True,
    ): "bdb9eabf3cb615828373ceb9894d1e476aadcb1d26435a98b5d2dd521ac41f06",
    (
        "hextactical",
        "skirmish",
        7,
        False,
    ): "a65ac2abf6688ab1c9e8baa50a32d91a40008f4b2b12ecc31400040e6814cf44",
}


@pytest.mark.parametrize(("slug", "mission", "seed", "log"), sorted(GOLDEN))
def test_report_hash_is_unchanged(slug: str, mission: str, seed: int, log: bool) -> None:
    system = get_system(slug)
    roster_a, roster_b = (sample_roster_data(slug, name) for name in SAMPLES[slug])
    report = system.resolve_battle(
        system.build_army(roster_a), system.build_army(roster_b), mission, seed, log=log
    )
    assert report.report_hash() == GOLDEN[(slug, mission, seed, log)]


def test_every_mission_of_every_system_has_a_golden_hash() -> None:
    covered = {(slug, mission) for slug, mission, _, _ in GOLDEN}
    for slug in SAMPLES:
        for mission in get_system(slug).missions:
            assert (slug, mission) in covered
