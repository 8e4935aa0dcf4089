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
    ): "35be33fcc749bdff5dee37e16d1a746f77b386fdd72b0cb6e3412eca980f47d4",
    (
        "grimdark",
        "annihilation",
        1,
        False,
    ): "77bedd775a4bbcca523db7e13cc7c4055b57d739072bd85f172c4a2370696c39",
    (
        "grimdark",
        "annihilation",
        7,
        True,
    ): "5f0ce13651a6548e1a6d2af574804566574ae8f414f99fd070e2a04fdbac90b5",
    (
        "grimdark",
        "annihilation",
        7,
        False,
    ): "840ba4f730ed9b1f96460b231a12519e03be2257686449f6025448e1607ef228",
    (
        "grimdark",
        "cleanse",
        1,
        True,
    ): "53a035184175a2f241a030e1c0f0dbe0c962c15dfcb701e5fa8209661ff89ddc",
    (
        "grimdark",
        "cleanse",
        1,
        False,
    ): "2c06eb7dc160a1938497c733fd369c20a8ebb1d1f1ce36d6b71411d618db3cbb",
    (
        "grimdark",
        "cleanse",
        7,
        True,
    ): "2015db6de92b7645c80c8ae512b4fb5cac3d1c1842bd4f61eb2f675b7baa0b00",
    (
        "grimdark",
        "cleanse",
        7,
        False,
    ): "1c8546e34feb3289d0b6f8afb4586cc0f73e4d2d0c661f49753048c644c1460d",
    (
        "grimdark",
        "recon",
        1,
        True,
    ): "3520621baa297aee41c6f33429aeb9fac172d3763b05c48bb9002adb45649c0f",
    (
        "grimdark",
        "recon",
        1,
        False,
    ): "0c3c1cb860cdaf6a513b4b58b327c6d393d4f1f4ff4504a7e616af18e4122a14",
    (
        "grimdark",
        "recon",
        7,
        True,
    ): "7cb986d7abb7ee712b78b65824bd7cce0e259dd317324f9cf172a9e8e08e1aa4",
    (
        "grimdark",
        "recon",
        7,
        False,
    ): "89ee38036b69b58e85b2e10454c6bb580145377d351dc73a0085c70234cfe92e",
    (
        "grimdark",
        "secure-and-control",
        1,
        True,
    ): "43949126e2929efe55be732a4aae74bfb7e337c7fb846ec5b4d78dd45d10e07f",
    (
        "grimdark",
        "secure-and-control",
        1,
        False,
    ): "750036d9841819ac61c701c58b25e257fc5c7826f2fdc1f3ee3e1f3ecb6b42cd",
    (
        "grimdark",
        "secure-and-control",
        7,
        True,
    ): "347ff756ae2cef04dacc628a733361c1acdd755ddbc7ba1f3e15403e005566f6",
    (
        "grimdark",
        "secure-and-control",
        7,
        False,
    ): "bf9d439ae5e89b96d6665fc6b6cf494cf022941e9202d4dfaf3b398ac5401f5a",
    (
        "grimdark",
        "seek-and-destroy",
        1,
        True,
    ): "40823755c987a046789fda5ae151d7a1727ee240a931c21ac2b8a149459df708",
    (
        "grimdark",
        "seek-and-destroy",
        1,
        False,
    ): "88927c0016ef706e7dfd8c85d351f2becd5c49b43b8c60d3c9e0f78d185c8612",
    (
        "grimdark",
        "seek-and-destroy",
        7,
        True,
    ): "dcd14e55ac6936f227e533e39b0130e8d9542884d4c8f67a975e0ef79298318c",
    (
        "grimdark",
        "seek-and-destroy",
        7,
        False,
    ): "82e2d849ac39efd69b10b37d862d20c95009b0edd78ea14888635328d5318669",
    (
        "grimdark",
        "take-and-hold",
        1,
        True,
    ): "f2dda87978419f5d6a3e100152a12ae1ef41453cf07e71dc655c44e7b8e066de",
    (
        "grimdark",
        "take-and-hold",
        1,
        False,
    ): "a7446bd83dbe327113e439db3fb90ef4fd6a25ac6d0b38657d50492478524267",
    (
        "grimdark",
        "take-and-hold",
        7,
        True,
    ): "8b4cb9c67f0f4623d9c7924aa42aceca0f284358f4f82597a5928cb6aa29165b",
    (
        "grimdark",
        "take-and-hold",
        7,
        False,
    ): "a13602a66b14eb97d11a036464183c95fcaeb91ec039a0d56112211cd7e9920e",
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
    ): "4a2aa2002f18f55be48263e1e6e7c34732098c159546eb7e8c2484b0ace9899c",
    (
        "hextactical",
        "duel",
        1,
        False,
    ): "dd829a94017abc78b3dac1dfb5cf8cd24a159f1a650763874bd45acb9a8c8a68",
    (
        "hextactical",
        "duel",
        7,
        True,
    ): "1294df2c96b792f5e04be53a6b95a6c4739a7b703ff00525fcce854ce7ad38b1",
    (
        "hextactical",
        "duel",
        7,
        False,
    ): "1abef814c95bdab2c225f8dde0c5b351db9774e6078a2faa0a653eda7fa55fc1",
    (
        "hextactical",
        "skirmish",
        1,
        True,
    ): "b9c7054f149a7d57039171c2947d80a0b4c81615591e8c75f9ec263fc984eb07",
    (
        "hextactical",
        "skirmish",
        1,
        False,
    ): "6dfe7a2018fef0e6860345c0b826290db3b915c61a4771b5f9de7ffc31ddb3a0",
    (
        "hextactical",
        "skirmish",
        7,
        True,
    ): "62eab2afe7f52264a8362b35266065ced1bdb96159de17bc8a936f3f67f766eb",
    (
        "hextactical",
        "skirmish",
        7,
        False,
    ): "b4f8d079f103553bfdcebc897cfebb6964d14fd8a6f9622487883077308bfd96",
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
