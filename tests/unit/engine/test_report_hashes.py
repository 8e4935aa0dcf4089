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
    ): "3378f8b5c778ef3a606268c3dd0557b46093ada030fd890a1591cfe34c32d9b4",
    (
        "grimdark",
        "annihilation",
        1,
        False,
    ): "f8d22d5ce43e78b39a988c40caf97a95de261b7fdf8abc5e2a9200060657270f",
    (
        "grimdark",
        "annihilation",
        7,
        True,
    ): "64d6ebd933a1ca178c78bec2a75bd55bc3563b54a45ffe3dc7239f6ceb958dfc",
    (
        "grimdark",
        "annihilation",
        7,
        False,
    ): "8ff06558070b12461a5f0184ab1bbb97c3d93db72309f431f4cab80048615573",
    (
        "grimdark",
        "cleanse",
        1,
        True,
    ): "c9e975e95744f4e946a51e2344a1a0da72e1e18a96d190f89b73ca589d5bcd63",
    (
        "grimdark",
        "cleanse",
        1,
        False,
    ): "c8b4d29226231312001198f315357e82721d34d2ad37fc8d19c8c72e6152d606",
    (
        "grimdark",
        "cleanse",
        7,
        True,
    ): "2e83472b265217206ab708e105e5d79b929007e17c06693c7cb861fa101ece1c",
    (
        "grimdark",
        "cleanse",
        7,
        False,
    ): "ef520859bcf9ec1346fba80aef2e4b30f2a5502bd96371308c4d53101d5a1a61",
    (
        "grimdark",
        "recon",
        1,
        True,
    ): "857dd74c5d6f08eadadf7ad04f11ec174df9f329f5c94f3062abb72453330339",
    (
        "grimdark",
        "recon",
        1,
        False,
    ): "26134554382f9fe8d6fa91edc269d689f60c38084a9855365e9cb52a87a5f757",
    (
        "grimdark",
        "recon",
        7,
        True,
    ): "e3d84e341ae66781eb5984d695eedfc667c65e07a5230c9dfac0df665afb2a1c",
    (
        "grimdark",
        "recon",
        7,
        False,
    ): "938ba582cf50ebe6da0c65d96b18bd42238b11c59dc183cd982f35507bdef661",
    (
        "grimdark",
        "secure-and-control",
        1,
        True,
    ): "20deb786681c6240f3f2542c37008f1fbbc70744385e96c4f2751a1c2abc3ed4",
    (
        "grimdark",
        "secure-and-control",
        1,
        False,
    ): "537f480c07896c07a8a565f6f7fb99b66f00a39af9616bde5f363b6d41b3aee8",
    (
        "grimdark",
        "secure-and-control",
        7,
        True,
    ): "dc52598b41974aa897f7ce59e3a6f8e8a7f2c69e6d17dd9044c50cbab42733f1",
    (
        "grimdark",
        "secure-and-control",
        7,
        False,
    ): "fcb64b84d53622ede14a12bd1067b41cbe939e2bc4b4121206fa67294a64648a",
    (
        "grimdark",
        "seek-and-destroy",
        1,
        True,
    ): "bbe8f2ffc3693cd783b0af8ace7edc090b65cbea4dc5f1cb7990dd6c0b15484d",
    (
        "grimdark",
        "seek-and-destroy",
        1,
        False,
    ): "b6ac01a0f1422a3c66f4d4798a45ccaa88f8abda009b96a21a291d1a467179aa",
    (
        "grimdark",
        "seek-and-destroy",
        7,
        True,
    ): "e0bf17e613e24af7c7c525b8371baeeb707a531fd17c66baa0e20f0fd43c3919",
    (
        "grimdark",
        "seek-and-destroy",
        7,
        False,
    ): "f2b3dfc9b64c549c116dda1de50e61bf97c3e41b8c31c11b24bf498def793f44",
    (
        "grimdark",
        "take-and-hold",
        1,
        True,
    ): "e63cab90c619f0cb609068a6c6371904aa44f641823b50ea119ac5935cddf52f",
    (
        "grimdark",
        "take-and-hold",
        1,
        False,
    ): "4e11b92e8516f8c0f5a55c91e15ab0009f81849e57d512dfc1938c351b0b96ce",
    (
        "grimdark",
        "take-and-hold",
        7,
        True,
    ): "11045dd625ebc95dc8f428ad5477195d781133378365a518369d23abe260234d",
    (
        "grimdark",
        "take-and-hold",
        7,
        False,
    ): "202cad2950a966b9cd2a64e52decf8949bea10b9b898b35fc66118dec62a57f6",
    (
        "skirmish",
        "breakthrough",
        1,
        True,
    ): "9446c711f0eb7a2a489dbb11ea6ddcff3b789fa62a9e039966718a9e7349c862",
    (
        "skirmish",
        "breakthrough",
        1,
        False,
    ): "f9e093374596eb754d9abfb24b609dc419a2b26ca596a17dfbf5cc5347c03740",
    (
        "skirmish",
        "breakthrough",
        7,
        True,
    ): "3cfeb18cec9caf44477d28a759e472364ea307c39c91451ece24a8f39ea6ce36",
    (
        "skirmish",
        "breakthrough",
        7,
        False,
    ): "96353ec35fb3403f68d48e37d450feb1c85f7f978638b5b3adb97c8bd054054a",
    (
        "skirmish",
        "skirmish",
        1,
        True,
    ): "d6b9c0cf769f310b7f18b94ba5802017d074b0040b930a0ca6722a6af485c304",
    (
        "skirmish",
        "skirmish",
        1,
        False,
    ): "cbf8a729d6b987a550ee0e0c9cf531e2e5be4a948e895f7e7ff1cf9fa8c1e52f",
    (
        "skirmish",
        "skirmish",
        7,
        True,
    ): "c9b6a38cc3ef06229948388096dc670a09897b3c0d872c7ed384a83dc9dd2538",
    (
        "skirmish",
        "skirmish",
        7,
        False,
    ): "fb5d7342e78902310f62add268d1c704c9746cfa5ee288ceeb010f23ee6684c8",
    (
        "skirmish",
        "wyrdstone-hunt",
        1,
        True,
    ): "1614fd17b6eb535db03d5ed71f6e117111f4569e62c6bf878cb5e9bbb580caec",
    (
        "skirmish",
        "wyrdstone-hunt",
        1,
        False,
    ): "796e16fb041efc1cf74bf4e5e7f3bf62fb4b1a234762aca881abe0a0cde56aba",
    (
        "skirmish",
        "wyrdstone-hunt",
        7,
        True,
    ): "d668e13088df505cf7f9fb023946878ed08d70e1f9a8d8fe9e6eda4d4410f819",
    (
        "skirmish",
        "wyrdstone-hunt",
        7,
        False,
    ): "4510f817520b488ed0a641560fd5df183009e1016f4a1d7bcb755129b72871ec",
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
    ): "a266cd6756caf44d8831e33d5a3e4da0ce91a67d9eace6847d8b903fe6681c9a",
    (
        "hextactical",
        "duel",
        1,
        False,
    ): "69f60252a7ef8fd9dcb1385ef21f73c1d0c49176e62f4836b693754fa38dd326",
    (
        "hextactical",
        "duel",
        7,
        True,
    ): "0921654a9be1c8aff012f022a7b2879586ab6b304d2a1ca89285ee9dbdcd7e05",
    (
        "hextactical",
        "duel",
        7,
        False,
    ): "763eae78f37810319df2790d8387052a2d5f3f13b998ac2a9a531fdc8dab023b",
    (
        "hextactical",
        "skirmish",
        1,
        True,
    ): "1c66d8c665c93998199dd5dc0dc906555546b89914464538882bf085cde0721c",
    (
        "hextactical",
        "skirmish",
        1,
        False,
    ): "8eb5dbeedd306c4c5a1c2384de75274679a380b15820c79e3af16800e2ba40ab",
    (
        "hextactical",
        "skirmish",
        7,
        True,
    ): "afd4ea3eab82612cda011de14753a5e7a5a6ac8e55845c7af3fc1461115e219e",
    (
        "hextactical",
        "skirmish",
        7,
        False,
    ): "c9e20480ebc2835bd1ca2d2f024a9e9a8bf963df69162319fe77bb3dcfa3aefb",
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
